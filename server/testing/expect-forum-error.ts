/**
 * Test assertion for expected failures: the promise rejects with a {@link ForumError} of the
 * given HTTP status and Swedish message.
 *
 * @module
 */
import { expect } from "vitest";
import { ForumError } from "../platform/errors";

/**
 * @param promise the call that must fail
 * @param status expected HTTP status (400, 401, 403, 404, 409, …)
 * @param message expected Swedish message, exactly
 * @throws an assertion error when the call succeeds or fails differently
 */
export async function expectForumError(promise: Promise<unknown>, status: number, message: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ForumError);
  expect((error as ForumError).status).toBe(status);
  expect((error as ForumError).message).toBe(message);
}
