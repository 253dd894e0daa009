import { useRef, useState } from 'react';
import { Alert, Button, Flex, Image, Space, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CATALOG } from '@shopdesk/shared/constants';
import { useAddGalleryImage, useArrangeGallery } from '../api/catalog-api.ts';
import { errorText } from '../api/error-text.ts';

/** The picture list with `from` moved to `to`. */
const moved = (list: string[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/**
 * A saved product's gallery, changed at once on the server: a picture is added at the end (checked
 * and resized there), moved earlier or later, or removed. The gallery shown is the server's answer.
 */
export function GalleryEditor({ productId, initial, name }: { productId: number; initial: string[]; name: string }) {
  const { t } = useTranslation('ops');
  const [gallery, setGallery] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  const add = useAddGalleryImage(productId);
  const arrange = useArrangeGallery(productId);
  const busy = add.isPending || arrange.isPending;
  const save = (images: string[]) => arrange.mutate(images, { onSuccess: (row) => setGallery(row.gallery) });
  const error = add.error ?? arrange.error;
  return (
    <div data-testid="warehouse-gallery">
      {error && <Alert type="error" showIcon message={errorText(error, t)} style={{ marginBottom: 8 }} data-testid="warehouse-gallery-error" />}
      <Flex wrap gap={8}>
        <Image.PreviewGroup>
          {gallery.map((src, i) => (
            <div key={src} className="ops-gallery-item" data-testid="warehouse-gallery-item">
              <Image src={src} alt={t('warehouse.galleryImage', { n: i + 1, name })} width={88} height={88} style={{ objectFit: 'cover', borderRadius: 4 }} />
              <Space size={0}>
                <Button size="small" type="text" icon={<ArrowLeftOutlined aria-hidden />} disabled={busy || i === 0} onClick={() => save(moved(gallery, i, i - 1))} aria-label={t('warehouse.moveEarlier', { n: i + 1 })} />
                <Button size="small" type="text" icon={<ArrowRightOutlined aria-hidden />} disabled={busy || i === gallery.length - 1} onClick={() => save(moved(gallery, i, i + 1))} aria-label={t('warehouse.moveLater', { n: i + 1 })} />
                <Button size="small" type="text" danger icon={<DeleteOutlined aria-hidden />} disabled={busy} onClick={() => save(gallery.filter((g) => g !== src))} aria-label={t('warehouse.removePicture', { n: i + 1 })} data-testid="warehouse-gallery-remove" />
              </Space>
            </div>
          ))}
        </Image.PreviewGroup>
        {gallery.length < CATALOG.GALLERY_MAX && (
          <Button className="ops-gallery-add" icon={<PlusOutlined aria-hidden />} loading={add.isPending} disabled={busy} onClick={() => input.current?.click()}>
            {t('warehouse.addPicture')}
          </Button>
        )}
      </Flex>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        style={{ display: 'none' }}
        data-testid="warehouse-gallery-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) add.mutate(file, { onSuccess: (row) => setGallery(row.gallery) });
        }}
      />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
        {t('warehouse.galleryHint', { count: gallery.length, max: CATALOG.GALLERY_MAX })}
      </Typography.Text>
    </div>
  );
}
