// Who may do what: the one permission table (docs/product-staff.md). The server's route guards
// (`requirePermission(action)`) and the web's screens and buttons both read it, so a button is shown
// exactly when its call would be let through.

export const USER_ROLES = ['admin', 'centre_manager', 'faculty', 'accountant', 'student'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The roles of the back office (everyone but a student). */
export const STAFF_ROLES = ['admin', 'centre_manager', 'faculty', 'accountant'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<UserRole, string> = {
  admin: 'Administrator',
  centre_manager: 'Centre manager',
  faculty: 'Faculty',
  accountant: 'Accountant',
  student: 'Student',
};

/** Roles that work for some centres only: their lists, counts and exports hold those centres' records. */
export const CENTRE_SCOPED_ROLES: readonly StaffRole[] = ['centre_manager'];

export const isStaffRole = (role: string | null | undefined): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role ?? '');

const A = 'admin';
const CM = 'centre_manager';
const F = 'faculty';
const AC = 'accountant';

/** Action → the staff roles that may do it. A full admin may do everything (the table lists it anyway). */
export const PERMISSIONS = {
  /** Staff accounts and roles, admin accounts, the audit log, institute settings, centres. */
  'staff.manage': [A],
  'audit.view': [A],
  'settings.manage': [A],
  'centres.manage': [A],
  /** The dashboard counts (whole institute). */
  'stats.view': [A],
  /** Courses and announcements: the public site's content. */
  'courses.manage': [A],
  'announcements.manage': [A],
  /** Reading the course list (every staff screen that picks a course). */
  'courses.view': [A, CM, F, AC],
  /** Images for the site and for question papers. */
  'uploads.create': [A, F],

  'admissions.manage': [A, CM],
  'students.view': [A, CM, AC],
  'students.manage': [A, CM],
  'students.import': [A],
  'batches.view': [A, CM, F],
  'batches.manage': [A, CM],
  'attendance.mark': [A, CM, F],

  'exams.manage': [A, F],
  'evaluation.manage': [A, F],
  'results.publish': [A, F],
  'questionBank.manage': [A, F],
  'materials.manage': [A, F],

  'payments.view': [A, CM, AC],
  'payments.verify': [A, CM, AC],
  'payments.counter': [A, CM, AC],
  'payments.refund': [A, AC],
  'payments.bounce': [A, AC],
  'collections.view': [A, CM, AC],
  'coupons.manage': [A, AC],
  'invoices.manage': [A, AC],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** May this role do this action? A student does none of the back office's actions. */
export function can(role: string | null | undefined, action: Action): boolean {
  if (!role) return false;
  return (PERMISSIONS[action] as readonly string[]).includes(role);
}

/** The screens of the back office, each with the action it needs (the web's navigation reads this). */
export const STAFF_SCREENS: { path: string; label: string; action: Action }[] = [
  { path: '/admin/admissions', label: 'Admissions', action: 'admissions.manage' },
  { path: '/admin/students', label: 'Students', action: 'students.view' },
  { path: '/admin/batches', label: 'Batches', action: 'batches.view' },
  { path: '/admin/attendance', label: 'Attendance', action: 'attendance.mark' },
  { path: '/admin/exams', label: 'Exams', action: 'exams.manage' },
  { path: '/admin/submissions', label: 'Submissions', action: 'evaluation.manage' },
  { path: '/admin/materials', label: 'Materials', action: 'materials.manage' },
  { path: '/admin/payments', label: 'Payments', action: 'payments.view' },
  { path: '/admin/payments/counter', label: 'Counter payment', action: 'payments.counter' },
  { path: '/admin/payments/collections', label: 'Collections', action: 'collections.view' },
  { path: '/admin/coupons', label: 'Coupons', action: 'coupons.manage' },
  { path: '/admin/courses', label: 'Courses', action: 'courses.manage' },
  { path: '/admin/announcements', label: 'Announcements', action: 'announcements.manage' },
  { path: '/admin/staff', label: 'Staff', action: 'staff.manage' },
  { path: '/admin/audit', label: 'Audit log', action: 'audit.view' },
  { path: '/admin/settings', label: 'Settings', action: 'settings.manage' },
];
