import type { OutboxChannel } from '../modules/outbox/outbox-messages.table.ts';

export interface DevOutboxEntry {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  text: string;
  code: string | null;
  purpose: string;
  createdAt: string;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value on the page passes through here: recipients and texts are typed by visitors. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

export const outboxStylesheet = `body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:820px;padding:16px;color:#222}
h1{font-size:20px}form{display:flex;gap:8px;margin:12px 0}input{flex:1;padding:6px 8px}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:6px;text-align:left;vertical-align:top}
.code{font:600 18px ui-monospace,monospace;letter-spacing:2px}.muted{color:#777}`;

/** The development outbox page: no script, no inline style (the site's CSP allows neither). */
export function renderOutboxPage({ brand, to, entries }: { brand: string; to: string; entries: DevOutboxEntry[] }): string {
  const rows = entries
    .map(
      (entry) => `<tr>
<td class="muted">${escapeHtml(entry.createdAt)}</td>
<td>${escapeHtml(entry.channel)}<br><span class="muted">${escapeHtml(entry.purpose)}</span></td>
<td>${escapeHtml(entry.recipient)}</td>
<td class="code">${escapeHtml(entry.code ?? '—')}</td>
<td><strong>${escapeHtml(entry.subject)}</strong><br>${escapeHtml(entry.text)}</td>
</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · ${escapeHtml(brand)}</title>
<link rel="stylesheet" href="/dev/outbox.css">
</head>
<body>
<h1>Development outbox · ${escapeHtml(brand)}</h1>
<p class="muted">Messages this server would have sent. This page does not exist in production.</p>
<form method="get" action="/dev/outbox">
<input name="to" value="${escapeHtml(to)}" placeholder="Phone or e-mail, e.g. 0812 3456 7890">
<button type="submit">Filter</button>
</form>
${entries.length === 0 ? '<p>No messages yet.</p>' : `<table>
<thead><tr><th>Sent</th><th>Channel</th><th>To</th><th>Code</th><th>Message</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`}
</body>
</html>`;
}
