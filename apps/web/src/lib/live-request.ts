/**
 * For an effect that loads something: hands the request's answer, or its failure, on only until
 * the effect is cleaned up, so a late answer never updates a component that has gone or asked
 * again. Returns that cleanup.
 */
export function settleWhileLive<T>(request: Promise<T>, onAnswer: (answer: T) => void, onFailure: (error: unknown) => void): () => void {
  let live = true;
  request
    .then((answer) => {
      if (live) onAnswer(answer);
    })
    .catch((error: unknown) => {
      if (live) onFailure(error);
    });
  return () => {
    live = false;
  };
}
