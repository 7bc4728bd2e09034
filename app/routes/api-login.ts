/** Placeholder until this route is built. @module */
export function loader() {
  return new Response("Not Found", { status: 404 });
}
