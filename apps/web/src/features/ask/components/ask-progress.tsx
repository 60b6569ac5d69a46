import { useEffect, useState } from "react";

/** Indeterminate progress with elapsed seconds: answers take from one to several seconds. */
export function AskProgress({ checking }: { checking: boolean }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 500);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="ask-progress" role="status">
      <progress aria-label="Answering the question" />
      <p>
        Searching the documents, drafting claims{checking ? " and checking their support" : ""}… {seconds} s
      </p>
    </div>
  );
}
