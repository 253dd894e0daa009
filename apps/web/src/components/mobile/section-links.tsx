import { BankcardOutline, BillOutline, CalendarOutline, FireFill, GiftOutline, HistogramOutline, StarOutline, UserContactOutline } from 'antd-mobile-icons';

/** The phone's sections reachable from the shop home and the profile: path, `menu` title key, icon. */
export const MOBILE_SECTION_LINKS = [
  { path: '/m/finance', key: 'finance', icon: <HistogramOutline /> },
  { path: '/m/withdraw', key: 'withdraw', icon: <BankcardOutline /> },
  { path: '/m/transactions', key: 'transactions', icon: <BillOutline /> },
  { path: '/m/payment-history', key: 'paymentHistory', icon: <CalendarOutline /> },
  { path: '/m/shop-express', key: 'shopExpress', icon: <FireFill /> },
  { path: '/m/activity-center', key: 'activityCenter', icon: <GiftOutline /> },
  { path: '/m/vip-activity', key: 'vipActivity', icon: <StarOutline /> },
  { path: '/m/user-info', key: 'userInfo', icon: <UserContactOutline /> },
] as const;
