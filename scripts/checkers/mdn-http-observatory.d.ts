// The parts of the MDN HTTP Observatory (npm `@mdn/mdn-http-observatory`, JavaScript without declarations)
// that scripts/checkers/observatory.ts calls: its retriever (which, unlike its `scan()`, takes ports and a
// path), its tests and its grader. Shapes as in the package's src/types.js.

declare module '@mdn/mdn-http-observatory/src/retriever/retriever.js' {
  /** What the retriever fetched: the page over HTTP and HTTPS, robots.txt and a CORS preflight, with their cookies. */
  export interface ObservatoryRequests {
    responses: { auto: { status: number } | null };
  }
  /** Fetches `hostname` as the Observatory's scan does, on the given ports and path. */
  export function retrieve(hostname: string, options?: { httpPort?: number; httpsPort?: number; path?: string }): Promise<ObservatoryRequests>;
}

declare module '@mdn/mdn-http-observatory/src/constants.js' {
  import type { ObservatoryRequests } from '@mdn/mdn-http-observatory/src/retriever/retriever.js';
  /** One test's verdict: `result` is an expectation name, such as `cookies-without-secure-flag`. */
  export interface ObservatoryTestOutput {
    result: string | null;
    pass: boolean | null;
    data?: unknown;
  }
  /** Every test of a scan, in the scan's order; each output's class has the test's name as its `name`. */
  export const ALL_TESTS: ReadonlyArray<(requests: ObservatoryRequests) => ObservatoryTestOutput>;
}

declare module '@mdn/mdn-http-observatory/src/grader/grader.js' {
  /** The grade (A+ … F) of a score, and the score floored at 0. */
  export function getGradeForScore(score: number): { score: number; grade: string };
  /** What an expectation adds to or takes from the score. */
  export function getScoreModifier(expectation: string): number;
  /** The Observatory's sentence for an expectation. */
  export function getScoreDescription(expectation: string): string;
}

declare module '@mdn/mdn-http-observatory/src/grader/charts.js' {
  /** Extra credit counts only when the score without it reaches this. */
  export const MINIMUM_SCORE_FOR_EXTRA_CREDIT: number;
}
