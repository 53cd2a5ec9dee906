import { useDeleteTestimonial, useSaveTestimonial, useTestimonials } from '../api/site.ts';
import { SITE_ADMIN_MSG } from '../messages.ts';
import { PhotoListTab } from './photo-list-tab.tsx';
import { TestimonialFormModal } from './testimonial-form.tsx';

/** The testimonials, in the order the site shows them. */
export function TestimonialsTab() {
  return (
    <PhotoListTab
      query={useTestimonials()}
      save={useSaveTestimonial()}
      remove={useDeleteTestimonial()}
      caption="Testimonials"
      noun="testimonial"
      empty={SITE_ADMIN_MSG.noTestimonials}
      deleteMessage={(t) => (
        <p>
          The testimonial of <strong>{t.name}</strong> will be removed from the site.
        </p>
      )}
      deleted={SITE_ADMIN_MSG.testimonialDeleted}
      whoHeader="Student"
      initials={(t) => t.initials}
      columns={[
        { header: 'Course', cell: (t) => `${t.course}, ${t.year}` },
        { header: 'Testimonial', className: 'max-w-md', cell: (t) => <span className="line-clamp-2">{t.text}</span> },
      ]}
      form={({ item, ...dialog }) => <TestimonialFormModal {...dialog} testimonial={item} />}
    />
  );
}
