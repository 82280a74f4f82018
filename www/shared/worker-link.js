// The one wrapper of a Web Worker: what it says is heard until it is ended, and its crash (a
// script that fails to load, an error it does not catch) is told as an Error, instead of
// reaching the page as an unhandled error event. Ended, a worker is heard no more: a worker
// replaced while it was still loading, say, may still report a failure, and nobody listens.

export class WorkerLink {
  /**
   * @param {Function} makeWorker starts the Worker
   * @param {object} with
   *   heard(data): each message it posts, until ended
   *   failed(error): once, if it crashes before it is ended
   *   what: the worker in words, for the crash's message ("the tree-size worker")
   */
  constructor(makeWorker, { heard, failed, what = 'the worker' }) {
    this.worker = makeWorker();
    this.ended = false;
    this.worker.onmessage = ({ data }) => {
      if (!this.ended) heard(data);
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      if (!this.ended) failed(new Error(event.message || `${what} stopped`));
    };
  }

  post(message) {
    this.worker.postMessage(message);
  }

  /** Terminates the worker; nothing it says from now on is heard. */
  end() {
    this.ended = true;
    this.worker.terminate();
  }
}
