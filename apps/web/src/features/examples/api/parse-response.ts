import { ShapeError, type Reader } from '../../../lib/json-shape';
import { readSuccess } from './contract';

export const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent a response this page cannot read.';

/** Checks a `{ success: true, data }` body against the contract (./contract.ts) and returns `data`. */
export function parseData<T>(read: Reader<T>, body: unknown): T {
  try {
    return readSuccess(read)(body).data;
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error;
    console.error('Response does not match the contract', error.message);
    throw new Error(UNEXPECTED_RESPONSE_MESSAGE);
  }
}
