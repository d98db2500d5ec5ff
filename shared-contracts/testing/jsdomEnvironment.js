// jsdom lacks Node's fetch and friends; ky, our api client and msw (the network fake of the
// component tests) need them. AbortController is deliberately NOT copied: Mantine's
// notifications break with Node's.
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'TextEncoder',
  'TextDecoder',
  'TextEncoderStream',
  'TextDecoderStream',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'BroadcastChannel',
  'structuredClone',
];

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // jsdom resolves packages with the browser's export conditions, but the tests run in Node:
    // msw's `msw/node` (and its interceptors) exist only under Node's conditions.
    this.customExportConditions = ['node', 'node-addons'];
  }

  async setup() {
    await super.setup();
    for (const name of fromNode) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    // Relative URLs ('/api/…') resolve against the page, as they do in a browser.
    const nodeFetch = globalThis.fetch;
    const NodeRequest = globalThis.Request;
    const base = () => this.global.location.href;
    // The page's AbortSignal is jsdom's, and Node 24's Request refuses any signal but its own: a
    // signal of Node's that follows the page's one stands in for it.
    const NodeAbortController = globalThis.AbortController;
    const NodeAbortSignal = globalThis.AbortSignal;
    const withNodeSignal = (init) => {
      const signal = init?.signal;
      if (!signal || signal instanceof NodeAbortSignal) return init;
      const follower = new NodeAbortController();
      if (signal.aborted) follower.abort(signal.reason);
      else signal.addEventListener('abort', () => follower.abort(signal.reason), { once: true });
      return { ...init, signal: follower.signal };
    };
    this.global.Request = class extends NodeRequest {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, base()).href : input, withNodeSignal(init));
      }
    };
    this.global.fetch = (input, init) =>
      nodeFetch(typeof input === 'string' ? new URL(input, base()).href : input, withNodeSignal(init));
  }
}

module.exports = JsdomWithFetch;
