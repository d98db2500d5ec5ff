// Types of gateway.mjs for the TypeScript that starts it (the end-to-end tests).
export function startGateway(options: {
  www: string;
  port: number;
  host?: string;
  apiUrl: string;
  /** The mail catcher's origin: its inbox is forwarded at /mail/ (ADR 0029). */
  mailUrl?: string;
}): Promise<{ close(): Promise<unknown> }>;
