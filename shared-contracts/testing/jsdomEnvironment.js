// jsdom lacks Node's fetch and friends; ky and our api client need them in component tests.
// AbortController is deliberately NOT copied: Mantine's notifications break with Node's.
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
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
];

class JsdomWithFetch extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of fromNode) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    // Relative URLs ('/api/…') resolve against the page, as they do in a browser.
    const nodeFetch = globalThis.fetch;
    const NodeRequest = globalThis.Request;
    const base = () => this.global.location.href;
    this.global.Request = class extends NodeRequest {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, base()).href : input, init);
      }
    };
    this.global.fetch = (input, init) =>
      nodeFetch(typeof input === 'string' ? new URL(input, base()).href : input, init);
  }
}

module.exports = JsdomWithFetch;
