/**
 * autocannon's `setupClient` hook for `npm run bench` (bench/run.ts; autocannon loads this file in
 * each of its worker threads and calls it once per connection).
 *
 * autocannon appends every chunk of every answer's body to a JavaScript string
 * (`PipelinedRequestsQueue#addBody`: `req.body += chunk`), which it needs only to compare bodies
 * (`expectBody`, `verifyBody`); the bench compares none. Decoding a 33 KB brotli answer into a
 * string was 77 % of the client's CPU (`--cpu-prof` of autocannon, 2026-11-26), and on the 2 cores
 * the client shares with the server and PostgreSQL that CPU is taken from the server under test:
 * during the visitor's 100-comment thread the two client threads used 1.2 cores and the server
 * 0.55 (`top`, 2026-11-27). So the body is not kept; status codes, latencies and the bytes
 * received are counted as before (`addByteCount`, on the socket's data).
 *
 * @param {{ pipelinedRequests: { addBody: (chunk: Buffer) => void } }} client one autocannon
 *   connection
 * @returns {void}
 */
module.exports = function setupClient(client) {
  client.pipelinedRequests.addBody = () => {};
};
