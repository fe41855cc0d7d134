// The umbrella library: one import gives the model, the validator, the codec protocol and
// every built-in codec.
@_exported import BeaverHabitsCodec
@_exported import CSVCodec
@_exported import HaboCodec
@_exported import HarshCodec
@_exported import DaylioCodec
@_exported import StreaksCodec
@_exported import ObsidianCodec
@_exported import OrgCodec
@_exported import HabitBuilderCodec
@_exported import HabitBullCodec
@_exported import HabitKitCodec
@_exported import HabiticaCodec
@_exported import ICalendarCodec
@_exported import JSONCodec
@_exported import LoopCodec
@_exported import PluginCodec
@_exported import TableHabitCodec
@_exported import TickmateCodec
@_exported import TrackerIOSCodec
@_exported import TrackerCodec
@_exported import TrackerMerge
@_exported import TrackerModel
@_exported import TrackerValidation
@_exported import XMLCodec
