import type { Course } from '@app/common/schemas/courses';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { buttonClass } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useConfirmDelete } from '../../components/use-confirm-delete.tsx';
import { useDeleteCourse } from './api/delete-course.ts';
import { useAdminCourses } from '../../api/courses.ts';
import { useSetCourseActive } from './api/set-course-active.ts';
import { LazyDialog, lazyWithPreload } from '../../components/lazy-dialog.tsx';
import { CourseTable } from './components/course-table.tsx';
import { COURSE_MSG } from './messages.ts';

// Loaded on first opening: react-hook-form and the form stay out of the page's initial JavaScript (scripts/bundle-budget.mjs).
const CourseFormModal = lazyWithPreload(() => import('./components/course-form.tsx').then((m) => m.CourseFormModal));

/** /admin/courses: docs/product.md section 2 "Course Management". */
export default function CoursesPage() {
  const courses = useAdminCourses();
  const setActive = useSetCourseActive();
  const remove = useDeleteCourse();
  const [editing, setEditing] = useState<{ course: Course | null } | null>(null);
  const deletion = useConfirmDelete({
    mutation: remove,
    idOf: (c: Course) => c._id,
    title: 'Delete course permanently?',
    message: (c) => (
      <p>
        <strong>{c.name}</strong> will be removed for good. This cannot be undone. To hide it from the website but keep it, use Deactivate
        instead.
      </p>
    ),
    confirmLabel: 'Delete permanently',
    deleted: COURSE_MSG.deleted,
    failed: COURSE_MSG.permanentDeleteError,
    closeOnError: false,
  });

  const onToggleActive = (c: Course) =>
    setActive.mutate(
      { id: c._id, isActive: !c.isActive },
      {
        onSuccess: () => toast.success(c.isActive ? COURSE_MSG.deactivated : COURSE_MSG.restored),
        onError: (err) => toast.error(errorMessage(err, c.isActive ? COURSE_MSG.deleteError : COURSE_MSG.restoreError)),
      },
    );

  const busyId = setActive.isPending ? (setActive.variables?.id ?? null) : deletion.busyId;

  return (
    <AdminPage
      title="Course Management"
      actions={
        <button
          type="button"
          className={buttonClass.primary}
          onPointerEnter={CourseFormModal.preload}
          onFocus={CourseFormModal.preload}
          onClick={() => setEditing({ course: null })}
        >
          <Plus aria-hidden="true" className="h-5 w-5" /> Add Course
        </button>
      }
    >
      <QueryState
        query={courses}
        loadingText="Loading courses..."
        errorText={(e) => errorMessage(e, COURSE_MSG.loadError)}
        isEmpty={(d) => d.length === 0}
        empty={COURSE_MSG.empty}
      >
        {(list) => (
          <CourseTable
            courses={list}
            busyId={busyId}
            onEdit={(course) => setEditing({ course })}
            onToggleActive={onToggleActive}
            onDelete={deletion.ask}
          />
        )}
      </QueryState>

      <LazyDialog open={editing !== null}>
        <CourseFormModal open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} course={editing?.course ?? null} />
      </LazyDialog>

      {deletion.dialog}
    </AdminPage>
  );
}
