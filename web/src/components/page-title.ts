import { INSTITUTE_NAME } from '@app/common/constants';
import { useEffect } from 'react';

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | ${INSTITUTE_NAME}`;
  }, [title]);
}
