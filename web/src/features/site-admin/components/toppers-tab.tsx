import { initialsOf } from '@app/common/rules/text';
import { useDeleteTopper, useSaveTopper, useToppers } from '../api/site.ts';
import { SITE_ADMIN_MSG } from '../messages.ts';
import { PhotoListTab } from './photo-list-tab.tsx';
import { TopperFormModal } from './topper-form.tsx';

/** The toppers, in the order the home page shows them. */
export function ToppersTab() {
  return (
    <PhotoListTab
      query={useToppers()}
      save={useSaveTopper()}
      remove={useDeleteTopper()}
      caption="Toppers"
      noun="topper"
      empty={SITE_ADMIN_MSG.noToppers}
      deleteMessage={(t) => (
        <p>
          <strong>{t.name}</strong> ({t.exam} {t.year}) will be removed from the site.
        </p>
      )}
      deleted={SITE_ADMIN_MSG.topperDeleted}
      whoHeader="Topper"
      initials={(t) => initialsOf(t.name)}
      columns={[
        { header: 'Exam', cell: (t) => `${t.exam} ${t.year}` },
        { header: 'Result', cell: (t) => (t.rank !== undefined ? `Rank ${t.rank}` : t.score) },
        { header: 'Centre', cell: (t) => t.centreName },
      ]}
      form={({ item, ...dialog }) => <TopperFormModal {...dialog} topper={item} />}
    />
  );
}
