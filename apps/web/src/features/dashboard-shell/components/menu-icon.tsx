import AssignmentIcon from '@mui/icons-material/Assignment';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ComputerIcon from '@mui/icons-material/Computer';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import FeedbackIcon from '@mui/icons-material/Feedback';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PollIcon from '@mui/icons-material/Poll';
import SchoolIcon from '@mui/icons-material/School';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import UploadFileIcon from '@mui/icons-material/UploadFile';

const ICONS: Record<string, typeof AssignmentIcon> = {
  Tests: AssignmentIcon,
  Feedback: FeedbackIcon,
  Survey: PollIcon,
  Completed: AssignmentTurnedInIcon,
  Expired: EventBusyIcon,
  WorkFlow: AccountTreeIcon,
  'Site Requirements': ComputerIcon,
  Support: SupportAgentIcon,
  'User Help': HelpOutlineIcon,
  Practice: SchoolIcon,
  'Ongoing Tests': MonitorHeartIcon,
  'Pending Results': HourglassTopIcon,
  'Regenerate Results': AutorenewIcon,
  'Import Test': UploadFileIcon,
  'Import Candidates': GroupAddIcon,
  'Schedule Test': EventAvailableIcon,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AssignmentIcon;
  return <Icon fontSize="small" />;
}
