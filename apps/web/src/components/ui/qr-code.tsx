import { useMemo } from 'react';
import qrcode from 'qrcode-generator';

/** The dark modules of a QR code as one SVG path: one element however large the code is. */
function qrPath(text: string): { size: number; path: string } {
  // 'M' recovers from ~15% damage: enough for a scratched or glaring phone screen at a till.
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const size = code.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (code.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { size, path };
}

/** A QR code drawn as SVG (no canvas): sharp at any size and printable. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(value), [value]);
  // The quiet zone of 4 modules around the code is part of the QR standard.
  const quiet = 4;
  const box = size + quiet * 2;
  return (
    <svg className="qr-code" viewBox={`${-quiet} ${-quiet} ${box} ${box}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
