import { Card, Grid } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MOBILE_SECTION_LINKS } from '../../../components/mobile/section-links.tsx';
import { MobileShopCard } from './shop-card.tsx';
import { MobileShopFigures } from './shop-figures.tsx';

const SHORTCUTS = MOBILE_SECTION_LINKS;

/** The mobile shop home: the shop card, the dashboard's figures and shortcuts to every section. */
export function MobileShopPage() {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  return (
    <div className="m-shop-page" data-testid="m-shop-page">
      <MobileShopCard />
      <MobileShopFigures
        shortcuts={
          <Card className="m-shortcuts">
            <Grid columns={4} gap={8}>
              {SHORTCUTS.map((item) => (
                <Grid.Item key={item.path} onClick={() => void navigate(item.path)}>
                  <div className="m-shortcut" data-testid={`m-shortcut-${item.key}`}>
                    <span className="m-shortcut-icon">{item.icon}</span>
                    <span className="m-shortcut-label">{t(item.key)}</span>
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
