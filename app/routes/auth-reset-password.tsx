/** Placeholder until this route is built. @module */
export default function Placeholder() {
  return null;
}
