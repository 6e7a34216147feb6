// The components only the back office uses, apart from the package's index: the index is what the
// public and dashboard pages import, and every component it names brings its stylesheet with it
// (a `.css.ts` file is a side effect). Kept here, their styles load with the back office alone.
export { ConfirmDialog, type ConfirmDialogProps } from './components/ConfirmDialog/ConfirmDialog';
export {
  ImageViewer,
  type ImageViewerProps,
  imageZoomSteps,
} from './components/ImageViewer/ImageViewer';
export {
  Timeline,
  type TimelineItem,
  type TimelineProps,
  type TimelineTone,
} from './components/Timeline/Timeline';
