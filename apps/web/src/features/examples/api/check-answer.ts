import type { CheckAnswerResult, HelpKind } from '@exemplar/shared/attempts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { readCheckAnswerResult } from '../../../api/contract';
import { viewerKey } from '../../../api/examples';
import { api } from '../../../lib/api-client';
import { useViewer } from '../../../lib/auth/use-viewer';
import { parseData } from '../../../lib/envelope';
import { invalidateAfterChange, patchExample } from './example-marks';

/**
 * POST /examples/{id}/check {answer} → the verdict. Visitors may check too; an answer the server
 * cannot read rejects with an ApiError of status 400 and its message.
 */
export async function checkAnswer(id: number, answer: string): Promise<CheckAnswerResult> {
  const body = await api.post<unknown>(`/examples/${id}/check`, { answer });
  return parseData(readCheckAnswerResult, body);
}

/**
 * Checks the learner's answers to one example. An accepted answer of a signed-in learner solves
 * the example: its solved mark and solve mark change at once in every cached list and its page,
 * the lists filtered by them go stale and the progress is refreshed.
 */
export function useCheckAnswer(exampleId: number) {
  const queryClient = useQueryClient();
  const viewer = viewerKey(useViewer());
  return useMutation({
    mutationKey: ['examples', 'check', exampleId],
    mutationFn: (answer: string) => checkAnswer(exampleId, answer),
    onSuccess: (result) => {
      if (!result.correct || !result.solveMark) return;
      patchExample(queryClient, viewer, exampleId, { solved: true, solveMark: result.solveMark });
      invalidateAfterChange(queryClient, viewer, ['solved', 'withoutHelp'], {
        solvedChanged: true,
      });
    },
  });
}

/** POST /examples/{id}/help {kind}: the learner opened a step or the answer (signed in only). */
export async function recordHelp(id: number, kind: HelpKind): Promise<void> {
  await api.post<unknown>(`/examples/${id}/help`, { kind });
}

/**
 * A callback recording each help the learner opens on one example, for a signed-in learner (a
 * visitor's help is not recorded: there is no mark to keep). It never waits nor interrupts: a
 * failed record is logged, and the reveal it follows has already happened.
 */
export function useRecordHelp(exampleId: number): (kind: HelpKind) => void {
  const signedIn = useViewer() !== null;
  return useCallback(
    (kind: HelpKind) => {
      if (!signedIn) return;
      recordHelp(exampleId, kind).catch((error: unknown) => {
        console.warn(`Could not record the ${kind} opened on example ${exampleId}`, error);
      });
    },
    [exampleId, signedIn],
  );
}
