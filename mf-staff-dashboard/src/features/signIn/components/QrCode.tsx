import { encode } from 'uqr';

/**
 * A QR code drawn as SVG squares from uqr's matrix (no HTML is injected), with a quiet zone of
 * four modules as the standard asks, black on white whatever the theme, so every camera reads it.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { data } = encode(value, { border: 4 });
  const modules = data.length;
  // One path of unit squares rather than a rect per module: a few hundred fewer DOM nodes.
  const squares = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={squares} fill="#000" />
    </svg>
  );
}
