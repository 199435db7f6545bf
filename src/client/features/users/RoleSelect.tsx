import { Check } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '@shared/constants/roles';
import { Select, SelectContent, SelectTrigger, SelectValue } from '../../components/ui/select';
import { roleDescription, roleLabel } from './roles';

interface RoleSelectProps {
  value: Role;
  onChange: (role: Role) => void;
  id?: string;
  label?: string;
  disabled?: boolean;
  invalid?: boolean;
  className?: string;
}

/** Role picker whose options carry the one-line description of what the role may do. */
export function RoleSelect({
  value,
  onChange,
  id,
  label,
  disabled,
  invalid,
  className,
}: RoleSelectProps) {
  // Redraws the role names when the language changes.
  useTranslation('users');
  return (
    <Select value={value} onValueChange={(v) => onChange(v as Role)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} aria-invalid={invalid} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent className="w-80 max-w-[calc(100vw-2rem)]">
        {ROLES.map((role) => (
          <SelectPrimitive.Item
            key={role}
            value={role}
            className="relative grid cursor-pointer select-none gap-0.5 rounded-sm py-2 pl-8 pr-2 text-sm outline-none data-[highlighted]:bg-muted"
          >
            <span className="absolute left-2 top-2.5 flex size-4 items-center justify-center">
              <SelectPrimitive.ItemIndicator>
                <Check className="size-4" />
              </SelectPrimitive.ItemIndicator>
            </span>
            <SelectPrimitive.ItemText className="font-medium">
              {roleLabel(role)}
            </SelectPrimitive.ItemText>
            <span className="text-xs leading-snug text-muted-foreground">
              {roleDescription(role)}
            </span>
          </SelectPrimitive.Item>
        ))}
      </SelectContent>
    </Select>
  );
}
