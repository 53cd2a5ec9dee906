export const BATCH_UI = {
  loadError: 'Could not load the batches.',
  saveError: 'Could not save the batch.',
  created: 'Batch created',
  updated: 'Batch updated',
  deactivated: 'Batch deactivated',
  activated: 'Batch activated',
  deleted: 'Batch deleted',
  deleteError: 'Could not delete the batch.',
  empty: 'No batches yet',
  sessionsError: 'Could not load the classes.',
  sessionSaved: (n: number) => (n === 1 ? 'Class added' : `${n} classes added`),
  sessionSavedWithClashes: (n: number, clashes: number) =>
    `${n === 1 ? 'Class added' : `${n} classes added`}, with ${clashes === 1 ? 'a clash' : `${clashes} clashes`} with other batches`,
  clashesTitle: (n: number) =>
    `Saved, but ${n === 1 ? 'this clashes' : `${n} clashes`} with another batch's class: check the teacher and the room`,
  sessionDeleted: 'Class removed',
  attendanceSaved: 'Attendance saved',
  attendanceError: 'Could not save the attendance.',
  moveError: 'Could not move the student.',
  moved: 'Student moved',
} as const;

export const TIMING_LABELS = { MORNING: 'Morning', EVENING: 'Evening', WEEKEND: 'Weekend' } as const;
