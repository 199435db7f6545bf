import { useQuery } from '@tanstack/react-query';
import { trainingEventList, type TrainingEventSummary } from '@shared/api/records';
import { apiRequest } from '../../lib/api';

export const TRAINING_EVENTS_KEY = ['/api/training-events'] as const;

/** The organization's training events, newest event date first. */
export function useTrainingEvents() {
  return useQuery<TrainingEventSummary[]>({
    queryKey: TRAINING_EVENTS_KEY,
    queryFn: () => apiRequest('GET', '/api/training-events', undefined, trainingEventList),
  });
}
