/**
 * The schema library, and nothing built with it: a page that needs many schemas imports this
 * first, so that the library evaluates in a task of its own and the schemas in the next one.
 */
export { object } from 'zod';
