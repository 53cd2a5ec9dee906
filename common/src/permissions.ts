// Who may do what: the one permission table (docs/product-staff.md). The server's route guards
// (`requirePermission(action)`) and the web's screens and buttons both read it, so a button is shown
// exactly when its call would be let through.

export const USER_ROLES = ['admin', 'centre_manager', 'faculty', 'accountant', 'counsellor', 'student', 'parent'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The roles of the back office (everyone but a student and a parent). */
export const STAFF_ROLES = ['admin', 'centre_manager', 'faculty', 'accountant', 'counsellor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<UserRole, string> = {
  admin: 'Administrator',
  centre_manager: 'Centre manager',
  faculty: 'Faculty',
  accountant: 'Accountant',
  counsellor: 'Counsellor',
  student: 'Student',
  parent: 'Parent',
};

/** Roles that work for some centres only: their lists, counts and exports hold those centres' records. */
export const CENTRE_SCOPED_ROLES: readonly StaffRole[] = ['centre_manager', 'counsellor'];
/** Whether a role works for some centres only (its staff member is given centres). */
export const isCentreScopedRole = (role: string | null | undefined): boolean =>
  (CENTRE_SCOPED_ROLES as readonly string[]).includes(role ?? '');

export const isStaffRole = (role: string | null | undefined): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role ?? '');

const A = 'admin';
const CM = 'centre_manager';
const F = 'faculty';
const AC = 'accountant';
const CO = 'counsellor';

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
  /**
   * The public site's own content (docs/product-site.md): home, about, FAQ, toppers, testimonials, gallery,
   * their images, and reading the contact page's enquiries. Admins; add CM here to let centre managers edit it.
   */
  'site.edit': [A],
  /** Reading the course list (every staff screen that picks a course). */
  'courses.view': [A, CM, F, AC, CO],
  /** The centres a staff member works with (every centre filter and picker): a centre manager's own, else all. */
  'centres.view': [A, CM, F, AC, CO],
  /** Images for the site and for question papers. */
  'uploads.create': [A, F],

  /** The admissions desk (docs/product-admissions-desk.md): enquiries, follow-ups, the funnel; centre-scoped. */
  'enquiries.manage': [A, CM, CO],
  /** The NLU helper's cut-off data (docs/product-admissions-desk.md, "NLU counselling helper"): what the public page shows. */
  'nlu.manage': [A],
  /** Flashcard decks and their cards (docs/product-flashcards.md). */
  'flashcards.manage': [A, F],
  'dailyQuiz.manage': [A, F],
  'admissions.manage': [A, CM],
  // Read-only: an accountant picks the student of a counter payment, faculty the student of an exam exception.
  'students.view': [A, CM, F, AC],
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

/** May this role do this action? A student or a parent does none of the back office's actions. */
export function can(role: string | null | undefined, action: Action): boolean {
  if (!role) return false;
  return (PERMISSIONS[action] as readonly string[]).includes(role);
}

/**
 * The action each back-office page needs, by path prefix (the longest prefix wins). A page not listed
 * here is a full admin's. The dashboard is every staff member's.
 */
export const SCREEN_ACTIONS: [prefix: string, action: Action | null][] = [
  ['/admin/dashboard', null],
  ['/admin/create-admin', 'staff.manage'],
  ['/admin/admins', 'staff.manage'],
  ['/admin/staff', 'staff.manage'],
  ['/admin/exams', 'exams.manage'],
  ['/admin/submissions', 'evaluation.manage'],
  ['/admin/question-bank', 'questionBank.manage'],
  ['/admin/materials', 'materials.manage'],
  ['/admin/enquiries', 'enquiries.manage'],
  ['/admin/nlu', 'nlu.manage'],
  ['/admin/flashcards', 'flashcards.manage'],
  ['/admin/daily-quizzes', 'dailyQuiz.manage'],
  ['/admin/admissions', 'admissions.manage'],
  ['/admin/students/import', 'students.import'],
  ['/admin/students', 'students.view'],
  // The batch screens edit batches and list their students: a faculty member works from Attendance.
  ['/admin/batches', 'batches.manage'],
  ['/admin/attendance', 'attendance.mark'],
  ['/admin/payments/counter', 'payments.counter'],
  ['/admin/payments/collections', 'collections.view'],
  ['/admin/payments', 'payments.view'],
  ['/admin/invoices', 'invoices.manage'],
  ['/admin/coupons', 'coupons.manage'],
  ['/admin/courses', 'courses.manage'],
  ['/admin/announcements', 'announcements.manage'],
  ['/admin/site', 'site.edit'],
  ['/admin/audit', 'audit.view'],
  ['/admin/settings', 'settings.manage'],
];

/** May this role open this back-office page? */
export function canOpen(role: string | null | undefined, path: string): boolean {
  if (!isStaffRole(role)) return false;
  if (role === 'admin') return true;
  const match = SCREEN_ACTIONS.filter(([prefix]) => path === prefix || path.startsWith(`${prefix}/`)).sort(
    (a, b) => b[0].length - a[0].length,
  )[0];
  if (!match) return false;
  return match[1] === null || can(role, match[1]);
}
