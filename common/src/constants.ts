// The specification's business constants (docs/product.md section 9), in one place for server and web.

/** The institute's name as the product signs its mails, documents and pages. */
export const INSTITUTE_NAME = 'Law Coaching Institute';
export const REQUEST_TIMEOUT_MS = 10_000;
export const HOME_ANNOUNCEMENTS = 5;
export const RECENT_ADMISSIONS = 5;
export const RESET_REDIRECT_DELAY_MS = 3_000;
export const MIN_PASSWORD_LENGTH = 6;
export const GENERATED_PASSWORD_LENGTH = 16;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const PREVIEW_LENGTH = 60;
export const SUBMISSIONS_PAGE_SIZE = 10;

export const ROLES = { admin: 'admin', student: 'student' } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

export const CENTRE_IDS = ['dumdum', 'shrirampur', 'kasba'] as const;
export type CentreId = (typeof CENTRE_IDS)[number];

export const GALLERY_CATEGORIES = ['Academic', 'Faculty', 'Students', 'Events', 'Achievement'] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

export const ANNOUNCEMENT_TYPES = ['notice', 'announcement', 'exam_schedule', 'holiday', 'admission', 'other'] as const;
export const ANNOUNCEMENT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const ANNOUNCEMENT_AUDIENCES = ['all', 'students', 'admin'] as const;
export const DEFAULT_ANNOUNCEMENT_LIMIT = 20;
export const MAX_ANNOUNCEMENT_LIMIT = 100;

export const FEE_TYPES = ['full', 'monthly'] as const;
export const FEE_TYPE_LABELS: Record<(typeof FEE_TYPES)[number], string> = {
  full: 'Whole Course',
  monthly: 'Monthly',
};

export const EXAM_DEFAULTS = { duration: 60, totalMarks: 100, passingMarks: 40 } as const;
export const NEW_QUESTION_MARKS = 1;
export const EXAM_VIEW_DEFAULT_MARKS = 2;
export const MCQ_OPTION_SLOTS = 4;
export const DESCRIPTIVE_MARKS_STEP = 0.5;
export const TIMER_WARNING_SECONDS = 300;
export const NAV_GRID_COLUMNS = 5;
export const DESCRIPTIVE_ROWS = 6;
export const BATCH_PREFERENCES = {
  MORNING: 'Morning (9 AM to 12 PM)',
  EVENING: 'Evening (2 PM to 5 PM)',
  WEEKEND: 'Weekend (Sat-Sun)',
} as const;
export const YEAR_OF_PASSING = { min: 2000, max: 2030 } as const;

export const DEFAULT_TOTAL_FEES = 50_000;
export const DEFAULT_BATCH = '2024-25';
export const DEFAULT_CENTRE_LABEL = 'Main Centre';
export const INSTALLMENT_OPTIONS = [
  { value: 1, label: '1st' },
  { value: 2, label: '2nd' },
  { value: 3, label: '3rd' },
  { value: 4, label: 'Final' },
] as const;

export const STUDENT_SORT_KEYS = ['name', 'course', 'centre', 'email', 'joinDate', 'performance', 'exams'] as const;
export const SUBMISSION_SORT_KEYS = ['submittedAt', 'studentName', 'course', 'exam', 'score', 'status'] as const;

export const CSV_STUDENT_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'Course',
  'Centre',
  'Status',
  'Exams Taken',
  'Average Score',
  'Joined Date',
] as const;

/** The `reason` of a 401 whose token the server ended (the web shows it on /login). */
export const SIGN_OUT_REASONS = { sessionEnded: 'SESSION_ENDED', deactivated: 'ACCOUNT_DEACTIVATED' } as const;
export type SignOutReason = (typeof SIGN_OUT_REASONS)[keyof typeof SIGN_OUT_REASONS];
/**
 * The `reason` of a refused sign-in while the account's brake on guessing from many addresses holds
 * (docs/product.md section 9): the message is the wrong password's, and the sign-in page adds MSG.signInResetHint.
 */
export const SIGN_IN_RESET_SUGGESTED = 'RESET_SUGGESTED';
