import { AdminComingSoon } from './admin-frame';

/** todayPhotoManage: the admin frame, its tools still to come. */
export default function TodayPhotoManagePage() {
  return <AdminComingSoon page="todayPhotoManage" />;
}
