/** States exactly what left the machine for the check and what did not. */
export function PrivacyBoundary() {
  return (
    <aside className="privacy-note" aria-label="Privacy boundary">
      <p>
        <strong>Sent to TypeSafe:</strong> each claim's text and the text of the excerpts it cites (in repair mode, also
        the candidate excerpts tried as replacements). No filenames, document names, document ids or credentials of this
        workspace.
      </p>
      <p>
        <strong>Stayed local:</strong> the PDFs, their filenames, the question, and the rest of the retrieved passages
        in the ledger.
      </p>
    </aside>
  );
}
