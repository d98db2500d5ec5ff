// Style sheets and images are handled by webpack (and stubbed in jest); TypeScript only needs to
// know that importing them is allowed.
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
