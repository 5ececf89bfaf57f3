# Drives Scid's own Xfcc client (Debian package scid, /usr/share/scid/tcl/tools/correspondence.tcl)
# from Scid's Tcl interpreter tkscid, without a display, for tests/e2e/xfcc_scid_test.cpp.
# Nothing of Xfcc is written here: the SOAP requests, the parsing of the answers and the
# PGN files come from Scid's procedures (::Xfcc::ReadConfig, ::Xfcc::ProcessAll,
# ::Xfcc::Send); this script only stands in for Scid's windows, and works out the move
# number and move to send from the board with Scid's chess commands the way Scid's
# ::CorrespondenceChess::SendMove does.
#
#   tkscid xfcc_scid_driver.tcl WORKDIR URL USER PASSWORD fetch
#   tkscid xfcc_scid_driver.tcl WORKDIR URL USER PASSWORD move GAMEID SAN OFFERDRAW MESSAGE
#   tkscid xfcc_scid_driver.tcl WORKDIR URL USER PASSWORD resign|acceptdraw GAMEID MESSAGE
#   tkscid xfcc_scid_driver.tcl WORKDIR URL USER PASSWORD claimdraw GAMEID SAN
#
# Every command fetches the games first (so the board is what the server sent). Output, one
# line each: "CONSOLE <text>" for Scid's console lines (e.g. "info Processing successfull!"),
# "MESSAGEBOX <args>" for Scid's alerts, "GAME <id> <key> <value>" for the state Scid keeps
# per game, "PGN <id> <movetext>" for the moves Scid read from the server's answer, "SENT
# <movecount> <move>" for what was sent. Exit status 0 unless the script itself failed.

lassign $argv work url user password command gameid arg1 arg2 arg3
set server corrchess

# ---- what Scid's start-up and windows would provide ----
set ::scidVersion 4.7.4
set ::scidVersionDate 2022
set ::scidDataDir $work
set ::scidConfigDir $work
proc tk {args} { return x11 }
namespace eval ::splash { proc add {args} {} }
proc scidConfigFile {name} { return [file join $::scidConfigDir "$name.dat"] }
proc ::tr {args} { return $args }
proc tk_messageBox {args} { puts "MESSAGEBOX $args"; return ok }
namespace eval ::ERROR { proc MessageBox {args} { puts "ERROR $args" } }

package require tdom
source /usr/share/scid/tcl/tools/correspondence.tcl
proc ::CorrespondenceChess::updateConsole {line} { puts "CONSOLE $line" }

# Scid's server list (~/.scid/xfccrc), as its Xfcc configuration dialog writes it.
set rc [file join $work xfccrc]
set f [open $rc w]
fconfigure $f -encoding utf-8
puts $f "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<xfcc>\n<server>"
puts $f "<name>$server</name><uri>[::Xfcc::xmlencrypt $url]</uri>"
puts $f "<user>[::Xfcc::xmlencrypt $user]</user><pass>[::Xfcc::xmlencrypt $password]</pass>"
puts $f "<rating>ICCF</rating>\n</server>\n</xfcc>"
close $f
::Xfcc::ReadConfig $rc

# ---- fetch: Scid's "Retrieve Cor. games" ----
set inbox [file join $work Inbox]
file mkdir $inbox
::Xfcc::ProcessAll $inbox
foreach entry $::Xfcc::xfccstate {
  set id [lindex [split [lindex $entry 0] -] end]
  foreach pair [lrange $entry 1 end] {
    puts "GAME $id [lindex $pair 0] [lindex $pair 1]"
  }
}

# Loads the PGN Scid wrote for a game into Scid's board, at its end.
proc load_game {inbox server id} {
  set file [file join $inbox "$server-$id.pgn"]
  if {![file exists $file]} { return 0 }
  set f [open $file r]
  set pgn [read $f]
  close $f
  sc_game new
  sc_game import $pgn
  sc_move end
  return 1
}

foreach pgnfile [lsort [glob -nocomplain -directory $inbox "$server-*.pgn"]] {
  set id [lindex [split [file rootname [file tail $pgnfile]] -] end]
  if {[load_game $inbox $server $id]} {
    puts "PGN $id [sc_game moves]"
    puts "FEN $id [sc_pos fen]"
  }
}

if {$command eq "fetch"} { exit 0 }

# ---- send: Scid's "Send move" and its Resign / Accept draw / Claim draw buttons ----
if {![load_game $inbox $server $gameid]} {
  puts "NOGAME $gameid"
  exit 1
}
set resign 0; set claimDraw 0; set offerDraw 0; set acceptDraw 0
set comment ""
switch -- $command {
  move {
    sc_move addSan $arg1
    set offerDraw $arg2
    sc_pos setComment $arg3
  }
  resign { set resign 1; set comment $arg1 }
  acceptdraw { set acceptDraw 1; set comment $arg1 }
  claimdraw { sc_move addSan $arg1; set claimDraw 1 }
  default { puts "unknown command $command"; exit 2 }
}
# As ::CorrespondenceChess::SendMove: the comment of the last move travels as the message
# (without [%...] codes); moveNumber is the next full move, one too high after White's move;
# a resignation counts as a move of the side to move.
if {$command eq "move"} { set comment [sc_pos getComment] }
regsub -all {\[[^\]]*\]} $comment {} comment
set movecount [sc_pos moveNumber]
set ply [sc_pos location]
set move [sc_game info previousMoveNT]
if {[sc_pos side] == "white"} { set movecount [expr {$movecount - 1}] }
if {$resign == 1 && [sc_pos side] == "white"} { set movecount [expr {$ply / 2 + 1}] }
puts "SENT $movecount $move"
::Xfcc::Send $server $gameid $movecount $move $comment $resign $acceptDraw $offerDraw $claimDraw
exit 0
