import { type Action, can, canOpen, isStaffRole, ROLE_LABELS, type UserRole } from '@app/common/permissions';
import { useAuth } from './auth.tsx';

// The browser reads the same permission table the server enforces (docs/product-staff.md): a screen, link
// or button is shown only when its call would be let through.

export function usePermissions() {
  const { user } = useAuth();
  const role = user?.role;
  return {
    role,
    isStaff: isStaffRole(role),
    roleLabel: role ? ROLE_LABELS[role as UserRole] : '',
    can: (action: Action) => can(role, action),
    canOpen: (path: string) => canOpen(role, path),
  };
}
