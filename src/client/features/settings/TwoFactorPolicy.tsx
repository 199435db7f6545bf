import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { securityPolicy } from '@shared/api/two-factor';
import { Switch } from '../../components/ui/misc';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, ApiError } from '../../lib/api';
import { AUTH_KEY } from '../auth/use-auth';

const POLICY_KEY = ['/api/admin/security'] as const;

/** Admins: whether everyone in the organization must sign in with a second step. */
export function TwoFactorPolicy({ organizationName }: { organizationName: string }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const policy = useQuery({
    queryKey: POLICY_KEY,
    queryFn: () => apiRequest('GET', '/api/admin/security', undefined, securityPolicy),
  });
  const save = useMutation({
    mutationFn: (twoFactorRequired: boolean) =>
      apiRequest('PUT', '/api/admin/security', { twoFactorRequired }, securityPolicy),
    onSuccess: async (saved) => {
      queryClient.setQueryData(POLICY_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: AUTH_KEY });
      toast({
        title: saved.twoFactorRequired ? t('policy.requiredTitle') : t('policy.optionalTitle'),
        description: saved.twoFactorRequired
          ? t('policy.requiredDescription')
          : t('policy.optionalDescription'),
      });
    },
    onError: (error) =>
      toast({
        title: t('policy.notSaved'),
        description: error instanceof ApiError ? error.userMessage : t('policy.tryAgain'),
        variant: 'destructive',
      }),
  });
  return (
    <section aria-labelledby="policy-title" className="flex items-start justify-between gap-4">
      <div className="flex gap-3">
        <Users aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-0.5">
          <h4 id="policy-title" className="text-sm font-medium">
            {t('policy.title')}
          </h4>
          <p className="text-sm text-muted-foreground">
            {t('policy.description', { organization: organizationName })}
          </p>
        </div>
      </div>
      <Switch
        aria-labelledby="policy-title"
        checked={policy.data?.twoFactorRequired ?? false}
        disabled={!policy.data || save.isPending}
        onCheckedChange={(checked) => save.mutate(checked)}
      />
    </section>
  );
}
