/*
 * React's client, evaluated on its own: a page the server drew runs this before the app's entry
 * (build/app-loader.ts), so evaluating React (some 40 ms of a phone's main thread) and evaluating
 * the app's modules and starting it are two tasks, not one long one. The entry imports React
 * itself, so a page that starts the entry directly needs nothing from here.
 */
import { createRoot } from 'react-dom/client';

if (typeof createRoot !== 'function') throw new Error('React did not load');
