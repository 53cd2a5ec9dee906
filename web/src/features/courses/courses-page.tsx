import type { Course } from '@app/common/schemas/courses';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { buttonClass } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useDeleteCourse } from './api/delete-course.ts';
import { useAdminCourses } from '../../api/courses.ts';
import { useSetCourseActive } from './api/set-course-active.ts';
import { CourseFormModal } from './components/course-form.tsx';
import { CourseTable } from './components/course-table.tsx';
import { COURSE_MSG } from './messages.ts';

/** /admin/courses: docs/product.md section 2 "Course Management". */
export default function CoursesPage() {
  const courses = useAdminCourses();
  const setActive = useSetCourseActive();
  const remove = useDeleteCourse();
  const [editing, setEditing] = useState<{ course: Course | null } | null>(null);
  const [deleting, setDeleting] = useState<Course | null>(null);

  const onToggleActive = (c: Course) =>
    setActive.mutate(
      { id: c._id, isActive: !c.isActive },
      {
        onSuccess: () => toast.success(c.isActive ? COURSE_MSG.deactivated : COURSE_MSG.restored),
        onError: (err) => toast.error(errorMessage(err, c.isActive ? COURSE_MSG.deleteError : COURSE_MSG.restoreError)),
      },
    );

  const onConfirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        toast.success(COURSE_MSG.deleted);
        setDeleting(null);
      },
      onError: (err) => toast.error(errorMessage(err, COURSE_MSG.permanentDeleteError)),
    });
  };

  const busyId = setActive.isPending ? (setActive.variables?.id ?? null) : remove.isPending ? (remove.variables ?? null) : null;

  return (
    <AdminPage
      title="Course Management"
      actions={
        <button type="button" className={buttonClass.primary} onClick={() => setEditing({ course: null })}>
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
            onDelete={setDeleting}
          />
        )}
      </QueryState>

      <CourseFormModal open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} course={editing?.course ?? null} />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete course permanently?"
        message={
          <p>
            <strong>{deleting?.name}</strong> will be removed for good. This cannot be undone. To hide it from the website but keep it, use
            Deactivate instead.
          </p>
        }
        confirmLabel="Delete permanently"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={onConfirmDelete}
      />
    </AdminPage>
  );
}
