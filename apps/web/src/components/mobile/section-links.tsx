import type { Permission } from '@shopdesk/shared/users/permission-rules';
import { BankcardOutline, ClockCircleOutline, CouponOutline, BillOutline, CalendarOutline, FireFill, GiftOutline, HistogramOutline, MessageOutline, StarOutline, UserContactOutline } from 'antd-mobile-icons';

/** The phone's sections reachable from the shop home and the profile: path, `menu` title key, icon, and what the role needs to see it. */
export const MOBILE_SECTION_LINKS: readonly { path: string; key: string; icon: React.ReactNode; permission: Permission }[] = [
  { path: '/m/chat', key: 'chat', icon: <MessageOutline />, permission: 'chat:view' },
  { path: '/m/finance', key: 'finance', icon: <HistogramOutline />, permission: 'reports:view' },
  { path: '/m/withdraw', key: 'withdraw', icon: <BankcardOutline />, permission: 'wallet:view' },
  { path: '/m/transactions', key: 'transactions', icon: <BillOutline />, permission: 'wallet:view' },
  { path: '/m/payment-history', key: 'paymentHistory', icon: <CalendarOutline />, permission: 'wallet:view' },
  { path: '/m/shop-express', key: 'shopExpress', icon: <FireFill />, permission: 'marketing:view' },
  { path: '/m/vouchers', key: 'vouchers', icon: <CouponOutline />, permission: 'marketing:view' },
  { path: '/m/deals', key: 'deals', icon: <ClockCircleOutline />, permission: 'marketing:view' },
  { path: '/m/activity-center', key: 'activityCenter', icon: <GiftOutline />, permission: 'marketing:view' },
  { path: '/m/vip-activity', key: 'vipActivity', icon: <StarOutline />, permission: 'marketing:view' },
  { path: '/m/user-info', key: 'userInfo', icon: <UserContactOutline />, permission: 'member' },
];
