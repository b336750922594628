import { useState, type FormEvent } from "react";

/** A form's submit: busy while `action` runs, and the problem it threw, shown under the form. */
export function useFormSubmit(action: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, onSubmit: (event: FormEvent) => void handleSubmit(event) };
}

/** The problem with a form, read out when it appears. */
export function FormProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p role="alert" className="text-sm break-words text-destructive dark:text-[oklch(0.78_0.13_27)]">
      {problem}
    </p>
  );
}
