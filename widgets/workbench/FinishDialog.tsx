/** 完成任务: how the call went, what was said, and optionally the day to call again (a 预约跟进 task). */
import { useEffect, useState } from 'react';
import { DialogFooter, toast, useBusyAction, useDialogClose } from '../core';
import { DateField } from '../core/ui/date-field';
import { addDays } from '../../contracts/dates';
import { TASK_RESULTS, TASK_RESULT_NAMES, type TaskResult } from '../../contracts/rules/workbench';
import { workbenchApi, type Finished, type Task } from './api';
import { messages } from './messages';

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;

export function FinishDialog({ task, today, onClose, onFinished }: { task: Task | null; today: string; onClose(): void; onFinished(task: Task, answer: Finished): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [result, setResult] = useState<TaskResult | ''>('');
  const [note, setNote] = useState('');
  const [next, setNext] = useState('');
  const [problem, setProblem] = useState('');
  useEffect(() => {
    if (!task) return;
    setResult('');
    setNote('');
    setNext('');
    setProblem('');
  }, [task]);

  const submit = () =>
    run(async () => {
      if (!task) return;
      if (!result) return setProblem(messages.finish.pickResult);
      const answer = await workbenchApi.finish({ id: task.id, result, note: note.trim() || undefined, nextFollowUpOn: next || undefined });
      if (answer.changed) toast.success(messages.doneToast(`${messages.kinds[task.kind]} · ${task.customerName}`, answer.followUpId !== null ? next : null));
      else toast.info(messages.alreadyDone(answer.doneBy));
      onFinished(task, answer);
    });

  return (
    <sl-dialog ref={ref} label={task ? messages.finish.title(task.customerName) : ''} open={task !== null} className="finish-dialog">
      <form className="finish-form" onSubmit={(event) => (event.preventDefault(), void submit())}>
        <sl-radio-group label={messages.finish.result} value={result} required onsl-change={(event: Event) => (setResult(inputValue(event) as TaskResult), setProblem(''))}>
          {TASK_RESULTS.map((each) => <sl-radio key={each} value={each}>{TASK_RESULT_NAMES[each]}</sl-radio>)}
        </sl-radio-group>
        <sl-textarea label={messages.finish.note} placeholder={messages.finish.notePlaceholder} value={note} rows={3} resize="none" maxlength={200}
          onsl-input={(event: Event) => setNote(inputValue(event))}></sl-textarea>
        {today ? <DateField label={messages.finish.next} helpText={messages.finish.nextHelp} min={addDays(today, 1)} value={next || undefined} onChange={(day) => setNext(day ?? '')} /> : null}
        {problem ? <p className="problem" role="alert">{problem}</p> : null}
      </form>
      <DialogFooter busy={busy} confirmLabel={messages.finish.confirm} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}
