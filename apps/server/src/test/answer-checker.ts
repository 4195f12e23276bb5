import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { mapRefs } from '../http/openapi-schemas.ts';
import type { ApiDocument } from './api-document.ts';

// Answers held to the API document: the statuses each operation declares and its JSON schemas.

const zodPatternFormats = ['starts_with', 'ends_with', 'includes', 'lowercase', 'uppercase', 'regex', 'cuid', 'cuid2', 'ulid', 'xid', 'ksuid', 'nanoid', 'emoji', 'base64url', 'e164', 'jwt', 'cidrv4', 'cidrv6', 'mac'];

const componentsId = 'https://kartu.invalid/components';

/** `#/components/schemas/X` → the same schema inside the validator's copy of the components. */
const towardComponents = (value: unknown) => mapRefs(value, (name) => name, `${componentsId}#/$defs/`);

/** Validates answers against their operation's declared schema, compiling each one once. */
export function answerChecker(document: ApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  // Formats zod names beside the `pattern` that checks them.
  for (const format of zodPatternFormats) ajv.addFormat(format, true);
  ajv.addKeyword('example');
  ajv.addSchema({ $id: componentsId, $defs: towardComponents(document.components.schemas) as object });
  const compiled = new Map<string, ValidateFunction>();
  return (method: string, path: string, status: number, contentType: string, body: unknown, { undocumented = 'report' }: { undocumented?: 'report' | 'skip' } = {}): string | undefined => {
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (!operation) return undocumented === 'skip' ? undefined : `${method} ${path} is not in the document`;
    const declared = operation.responses?.[String(status)] ?? operation.responses?.default;
    if (!declared) return `${method} ${path} answered ${status}, which the document does not declare`;
    if (!declared.content) return undefined;
    const mediaType = contentType.split(';')[0]?.trim() ?? '';
    const content = declared.content[mediaType];
    if (!content) return `${method} ${path} answered ${status} as ${mediaType}, declared as ${Object.keys(declared.content).join(', ')}`;
    if (!mediaType.endsWith('json') || !content.schema || body === undefined) return undefined;
    const key = `${method} ${path} ${status}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(towardComponents(content.schema) as object);
      compiled.set(key, validate);
    }
    return validate(body) ? undefined : `${key}: ${ajv.errorsText(validate.errors)}`;
  };
}
