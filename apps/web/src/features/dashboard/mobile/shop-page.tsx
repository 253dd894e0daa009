import { Badge, Card, Grid } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MOBILE_SECTION_LINKS } from '../../../components/mobile/section-links.tsx';
import { MobileShopCard } from './shop-card.tsx';
import { MobileShopFigures } from './shop-figures.tsx';
import { usePermissions } from '../../users/api/permissions.ts';
import { useChatUnreadCount } from '../../chat/api/chat-api.ts';
import { formatBadge } from '../../../lib/badge.ts';


/** The mobile shop home: the shop card, the dashboard's figures and shortcuts to every section. */
export function MobileShopPage() {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  const permissions = usePermissions();
  // Only the sections the role may see (docs/decisions.md, "Staff roles and permissions").
  const shortcuts = MOBILE_SECTION_LINKS.filter((link) => permissions.can(link.permission));
  // The chat shortcut carries the unread buyer messages, as the desktop's sidebar entry does.
  const chatUnread = useChatUnreadCount();
  return (
    <div className="m-shop-page" data-testid="m-shop-page">
      {/* The home has no title bar: its heading is for screen readers (the shop card shows the shop). */}
      <h1 className="sr-only">{t('shop')}</h1>
      <MobileShopCard />
      <MobileShopFigures
        shortcuts={
          <Card className="m-shortcuts">
            <Grid columns={4} gap={8}>
              {shortcuts.map((item) => (
                <Grid.Item key={item.path} onClick={() => void navigate(item.path)}>
                  <div className="m-shortcut" data-testid={`m-shortcut-${item.key}`}>
                    <span className="m-shortcut-icon">
                      {item.key === 'chat' && chatUnread > 0 ? (
                        <Badge content={formatBadge(chatUnread)} aria-hidden data-testid="m-chat-badge">
                          {item.icon}
                        </Badge>
                      ) : (
                        item.icon
                      )}
                    </span>
                    <span className="m-shortcut-label">{t(item.key)}</span>
                    {item.key === 'chat' && chatUnread > 0 && <span className="sr-only">{t('chat:list.unread', { unread: formatBadge(chatUnread) })}</span>}
                  </div>
                </Grid.Item>
              ))}
            </Grid>
          </Card>
        }
      />
    </div>
  );
}
