import { z } from 'zod';

/*
 * Bytes, not JSON, in the API document. A route that takes a picture as its body reads it with its
 * own content-type parser and checks it itself (a JSON body answers 415, not a validation error), so
 * its body schema only describes; a route that answers a file sends the bytes unserialised.
 */

const binary = { type: 'string', format: 'binary' } as const;

/** The request body of a route that takes a file: what it accepts goes in the route's `consumes`. */
export function binaryBody(description: string) {
  return z.unknown().meta({ ...binary, description });
}

/** A 200 answer that is a file of one content type. */
export function binaryAnswer(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.instanceof(Buffer).meta(binary) } } };
}
