import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { TranslatedText } from '../components/translated-text.tsx';

interface Item {
  id: number;
  text: string;
  translated?: string | null;
}

function SortableRow({ item, disabled }: { item: Item; disabled: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled,
  });
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      {...attributes}
      {...listeners}
      sx={{
        p: 1.25,
        minHeight: 48,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        cursor: disabled ? 'default' : 'grab',
        touchAction: 'none',
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : 'auto',
        boxShadow: isDragging ? 4 : 0,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      <DragIndicatorIcon fontSize="small" color="action" />
      <TranslatedText inline english={item.text} translated={item.translated} />
    </Paper>
  );
}

/** Column B reordered by dragging: mouse, touch and keyboard (Space, arrows, Space). Loaded lazily. */
export default function MatchingBoard({
  columnA,
  columnB,
  disabled,
  onReorder,
}: {
  columnA: Item[];
  columnB: Item[];
  disabled: boolean;
  onReorder(ids: number[]): void;
}) {
  const { t } = useTranslation('testEngine');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const end = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const ids = columnB.map((b) => b.id);
    onReorder(arrayMove(ids, ids.indexOf(Number(e.active.id)), ids.indexOf(Number(e.over.id))));
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
      <Box component="h3" sx={{ m: 0, fontSize: '0.95rem' }}>
        {t('columnA')}
      </Box>
      <Box component="h3" sx={{ m: 0, fontSize: '0.95rem' }}>
        {t('columnB')}
      </Box>
      <Box sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
        {columnA.map((a) => (
          <Paper
            key={a.id}
            sx={{ p: 1.25, minHeight: 48, display: 'flex', alignItems: 'center', bgcolor: 'action.hover' }}
            elevation={0}
          >
            <TranslatedText inline english={a.text} translated={a.translated} />
          </Paper>
        ))}
      </Box>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={end}>
        <SortableContext items={columnB.map((b) => b.id)} strategy={verticalListSortingStrategy}>
          <Box sx={{ display: 'grid', gap: 1, alignContent: 'start' }} aria-label={t('columnB')}>
            {columnB.map((b) => (
              <SortableRow key={b.id} item={b} disabled={disabled} />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
    </Box>
  );
}
