"""Names vulture cannot see in use, each with the reason it stays (see [tool.vulture])."""

# Python and Textual call these by name.
_.__getattr__  # engine/__init__.py: the module's lazy attributes (PEP 562)
_._get_left_gutter_width  # ui/common.py: overrides Textual's OptionList gutter
_.link_style  # ui/board.py: overrides Textual's style for links on the board
_.border_title  # Textual draws it in the widget's border
_.max_height  # Textual style, set on the frame's widgets
_.overflow_y  # Textual style, set on the options list (frame.py `_fit_list`)
_.parameters  # the argument of Textual's check_action(action, parameters)
_.get_default_screen  # app.py: Textual asks the app for its first screen
_.refresh_styles  # ui/picker.py: a flag of Textual's ScreenResume event, read after our handler

# Game boards: the registry imports them by the dotted name in each game's GameInfo.
_.MaeshoweBoard
_.MesosBoard
_.MezoBoard

# Read only by the tests, as the surface they check.
_.test_configs  # registry: the configurations the conformance kit plays
_.register  # registry: tests/conftest.py adds a fixture game
_.unregister  # registry: and takes it away again
_.seat_kinds  # board kit: offered to every board (ui/board.py); no board reads it yet
_.SearchBot  # engine/mcts.py: the protocol check on small games (tests/test_mcts.py)
_.explain  # bots: a bot's reason as text, asserted by the bot tests
_.visible_log  # session: what one seat may read of the log (tests/test_shared.py)
_.move_count  # store: how many moves a saved game holds (tests/test_shared.py)
_.city_tokens  # mezo module data: its Cities count (tests/mezo/test_modules_setup.py)
_.board_lines  # mesos board: its lines at a width (tests/mesos/test_screen.py)
_.busy  # game frame: a bot or a replay is running (tests/ui)
_.more_below  # results: the table is cut at the bottom (tests/ui/test_layout.py)
_.analysing  # results: the analysis still runs (tests/maeshowe/test_app_flow.py)

# Read by name: vulture sees only the string.
_.gluttony_garner  # maeshowe config: an expansion set, read by getattr over EXPANSIONS
_.crumble_conservation  # maeshowe config: the same
_.horror_hope  # maeshowe config: the same
_.discard_five  # maeshowe config: a setup variant, read by getattr over the variants
_.lean_start  # maeshowe config: the same
_.extra_passage  # maeshowe config: the same
_.after_champion_deploy  # mezo AbilityHooks: compiled by getattr over the hook names
_.start_of_tribe_step  # mezo AbilityHooks: the same
_.start_of_blessed_conflict  # mezo AbilityHooks: the same
_.end_of_game  # mezo AbilityHooks: the same
_.call_times  # mezo ritual modifier: read through model_dump() by key
_.smite_bonus  # mezo ritual modifier: the same
_.strength_winner_vp  # mezo ritual modifier: the same
_.pass_both_already_bonus_vp  # mezo ritual modifier: the same
_.extra_devotion_per_sacrificed_unit  # mezo ritual modifier: the same
_._frame_tables  # mezo rules: a class's handler cache, read through cls.__dict__

# Fields of the Mezo data files that no code reads: the models forbid unknown keys, so a
# field the file carries stays declared (and validated) even where the rule is fixed in code.
_.once_per_age  # a god's passive ability
_.god_cards_per_god  # the game's constants
_.cards_drawn_per_age  # the Vengeful deck
_.use_condition  # modules: tribe powers
_.uses_per_game  # modules: tribe powers
_.placement  # modules: Cities
_.destroyed_when  # modules: Cities
_.placed_by  # modules: Sacred Cenote
_.removed_at  # modules: Sacred Cenote
_.one_per_age  # modules: how the decks are drawn
_.tokens_per_player  # modules: how the decks are drawn
_.deal  # modules: how the tribe powers are dealt
_.ALLOW_SELECT  # ui/picker.py: StartFooter, read by Textual (no text selection in the footer)
_.COMPONENT_CLASSES  # ui/picker.py: StartFooter's parts, styled by its CSS, read by Textual
_._bindings_ready  # ui/common.py: SteadyFooter sets the reactive Textual's Footer builds itself from
