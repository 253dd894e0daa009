import { busyImage, defaultImage, disconnectedImage, emptyImage } from 'antd-mobile/es/components/error-block/images';

/** antd-mobile's error-block illustrations, a chunk of their own (components/mobile/error-block.tsx). */
export const ERROR_BLOCK_IMAGES = { default: defaultImage, disconnected: disconnectedImage, empty: emptyImage, busy: busyImage };
