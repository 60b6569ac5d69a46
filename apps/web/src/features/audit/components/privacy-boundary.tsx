/** States exactly what left the machine for the check and what did not, for the auditor that ran. */
export function PrivacyBoundary({ auditor, model }: { auditor: "jev" | "ollama"; model: string }) {
  if (auditor === "ollama") {
    return (
      <aside className="privacy-note" aria-label="Privacy boundary">
        <p>
          <strong>Checked on this machine by {model}:</strong> each claim's text and the text of the excerpts it cites
          went to the Ollama server this workspace is configured with (in repair mode, also the candidate excerpts tried
          as replacements). Nothing was sent to TypeSafe or any other hosted service, provided that Ollama server runs
          on this machine or your own network.
        </p>
        <p>
          <strong>Stayed with the workspace:</strong> the PDFs, their filenames, the question, and the rest of the
          retrieved passages in the ledger.
        </p>
      </aside>
    );
  }
  return (
    <aside className="privacy-note" aria-label="Privacy boundary">
      <p>
        <strong>Sent to TypeSafe ({model}):</strong> each claim's text and the text of the excerpts it cites (in repair
        mode, also the candidate excerpts tried as replacements). No filenames, document names, document ids or
        credentials of this workspace.
      </p>
      <p>
        <strong>Stayed local:</strong> the PDFs, their filenames, the question, and the rest of the retrieved passages
        in the ledger.
      </p>
    </aside>
  );
}
