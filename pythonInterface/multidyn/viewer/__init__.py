"""The browser viewer of multidyn (on viser: pip install multidyn[viewer]).

- scene translation (sceneGeometry: graphics dicts; defaultDrawings: items without graphics data;
  scene: the elements of a SystemContainer and their poses), pure Python;
- viserDrawing: a scene drawn with viser's scene API;
- server: the live viewer behind exu.StartRenderer() / SC.renderer (multidyn.renderer);
- playback: LoadSolutionFile, mbs.SolutionViewer, AnimateModes;
- htmlExport: mbs.ExportHTML, one self-contained HTML file;
- interactiveDialog: Exudyn's InteractiveDialog on the panel; video: ConvertImages2Video (ffmpeg);
- itemDrawings: what is drawn for each item type, in words (the item reference pages).

Only sceneGeometry, defaultDrawings, scene, itemDrawings, video and playback's LoadSolutionFile work without viser.
"""
