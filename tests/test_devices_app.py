"""Friends on other devices, as the shell runs it (webui.room over tabletop.remote), on CPython:
several Apps, each with its own storage, joined by an in-memory network (fakes.FakeNetwork) in
place of the relays and WebRTC. The browser tests (test_browser_devices.py) do the same with
real Chromium contexts, a local relay and WebRTC."""

import html
import json
import random
import re

from fakes import FakeNetwork, open_app

from tabletop.match import FRIEND
from tabletop.protocol import dumps
from webui.room import RESEND_AFTER
from webui.table import SENDING_SHOWN_AFTER

UNSURE = "Your last move may not have reached Ann: if it is not on the table, play it again."


def invite_params(page):
    """The invite link of the first open seat on the host's page, as the guest's page reads it."""
    found = re.search(r'value="([^"]*)"[^>]*data-invite-seat="(\d+)"', page.html)
    assert found, "no invite link on the host's page"
    link = html.unescape(found.group(1))
    assert "#" in link and "key=" in link.split("#", 1)[1]  # the secret only in the fragment
    return dict(p.split("=", 1) for p in link.split("#", 1)[1].split("&")), int(found.group(2))


def join(net, params, name, storage=None):
    guest, page, storage = open_app(params, storage=storage, network=net)
    if "join-form" in page.html:
        page.forms["join-form"] = {"name": name}
        guest.handle("join")
    net.deliver()
    return guest, page, storage


def settle(net, *pages):
    """Deliver messages and run bots until nothing moves."""
    for _ in range(10000):
        moved = net.deliver()
        for page in pages:
            if page.queue:
                page.run()
                moved = True
        if not moved:
            return


def ann_hosts_lan(params):
    """Ann's table (`params`) with Lan joined from another device: the network, Ann's app, page
    and storage, Lan's app and page."""
    net = FakeNetwork()
    host, page, storage = open_app(params, network=net)
    guest, gpage, _ = join(net, invite_params(page)[0], "Lan")
    settle(net, page, gpage)
    return net, host, page, storage, guest, gpage


def play_out(net, apps, pages, rng, limit=3000):
    """Every person (the host's seat and each guest) plays random legal moves until the end."""
    for _ in range(limit):
        settle(net, *pages)
        if apps[0].match.is_over():
            return
        for app in apps:
            table, seat = app.current.table, app.current.viewer
            if app.current.confirm is not None:  # a hurtful move (a guest hears of it from the host): yes
                app.handle("confirm-move")
                break
            if seat is not None and seat in table.to_act() and table.legal(seat):
                app.current.play(rng.choice(table.legal(seat)))
                break
    raise AssertionError("the game did not end")


def test_a_link_with_a_friend_seat_shows_its_invite_and_waits_for_the_friend():
    net = FakeNetwork()
    host, page, _ = open_app({"game": "thenumber", "seats": "human,friend,normal", "names": "Ann"}, network=net)
    page.run()
    params, seat = invite_params(page)
    assert seat == 1 and params["host"] == "Ann"
    assert "The game starts when every friend has joined." in page.text
    host.current.play(host.current.table.legal(0)[0])
    assert host.match.history == []  # nobody plays before the friends are here
    guest, gpage, _ = join(net, params, "Lan")
    settle(net, page, gpage)
    assert host.match.seats[1]["name"] == "Lan"
    assert "Lan is connected." in page.text
    assert "The game starts" not in page.text
    assert 'data-game="thenumber"' in gpage.html and "(you)" in gpage.text


GAMES_ACROSS_DEVICES = (
    ("thenumber", "human,friend,hard", {}), ("mojo", "human,friend,friend,friend", {}), ("phopho", "friend,human,easy", {}),
    ("hoipho", "human,friend,easy", {}), ("flowers", "human,friend", {}), ("coffeerush", "friend,human", {}),
    ("stemandbranch", "human,friend", {}), ("stemandbranch", "friend,human", {"mode": "coop"}),
    ("stemandbranch", "human,friend,easy", {"scrolls": "1"}),
)


def test_whole_games_of_every_title_across_two_and_four_devices():
    for game_id, seats, options in GAMES_ACROSS_DEVICES:
        net = FakeNetwork()
        host, page, _ = open_app(dict({"game": game_id, "seats": seats, "names": "Ann", "seed": "5", "speed": "instant"}, **options),
                                 network=net)
        apps, pages = [host], [page]
        friends = [i for i, k in enumerate(seats.split(",")) if k == "friend"]
        for n, seat in enumerate(friends):
            params, _ = invite_params(page)
            guest, gpage, _ = join(net, params, "Guest %d" % n)
            apps.append(guest)
            pages.append(gpage)
            settle(net, *pages)
        play_out(net, apps, pages, random.Random(1))
        settle(net, *pages)
        for guest, gpage in zip(apps[1:], pages[1:]):
            assert guest.current.table.is_over(), game_id
            assert 'id="score-sheet"' in gpage.html
            assert guest.current.table.result()["winners"] == host.match.result()["winners"]
            assert [str(e["text"]) for e in guest.current.table.log_for(guest.current.viewer)] == \
                [str(e["text"]) for e in host.match.log_for(guest.current.viewer)]
            assert "Rematch" not in gpage.text  # the host's call


def test_a_guest_cannot_play_before_every_friend_has_joined():
    net, host, page, _, guest, gpage = ann_hosts_lan({"game": "stemandbranch", "seats": "human,friend,friend", "names": "Ann", "seed": "88"})
    assert 1 in guest.current.table.to_act() and host.current.room.waiting()  # Lan's seat starts this game
    assert "Waiting for the other friends to join" in gpage.text and "Your turn" not in gpage.text
    guest.current.play(guest.current.table.legal(1)[0])
    settle(net, page, gpage)
    assert host.match.history == [] and guest.current.table.moves == 0
    assert "The game starts when every friend has joined." in gpage.text
    assert host.match.seats[2]["name"] == "Friend 3"
    host.handle("room-start")  # a bot for the third seat: now Lan may play
    settle(net, page, gpage)
    assert "Your turn" in gpage.text and "Waiting for the other friends" not in gpage.text
    # the seat no friend took is a bot's, and named so on every device
    assert host.match.seats[2] == {"name": "Normal bot 3", "kind": "normal"}
    assert "Normal bot 3" in gpage.text and "Friend 3" not in gpage.text + page.text
    guest.current.play(guest.current.table.legal(1)[0])
    settle(net, page, gpage)
    assert len(host.match.history) >= 1 and guest.current.table.moves == len(host.match.history)


def test_a_guest_that_drops_can_be_replaced_by_a_bot_and_takes_its_seat_back():
    net = FakeNetwork()
    host, page, _ = open_app({"game": "thenumber", "seats": "human,friend", "names": "Ann", "speed": "instant"}, network=net)
    params, _ = invite_params(page)
    guest, gpage, gstore = join(net, params, "Lan")
    settle(net, page, gpage)
    guest.current.leave()  # the guest's page closes
    settle(net, page)
    assert "Lan is not connected." in page.text and 'data-act="room-bot"' in page.html
    assert "not connected" in re.search(r'data-seat="1".*?</header>', page.html, re.S).group(0)
    host.current.play(host.current.table.legal(0)[0])
    host.handle("room-bot", "1")
    settle(net, page)
    assert host.match.seats[1]["kind"] == "normal" and len(host.match.history) >= 2  # the bot played
    assert "a bot plays for them" in page.text
    again, gpage2, _ = join(net, params, "Lan", storage=gstore)  # the same device, a reload: no form
    settle(net, page, gpage2)
    assert host.match.seats[1]["kind"] == FRIEND
    assert again.current.table.moves == len(host.match.history)
    assert "Lan is connected." in page.text


def test_another_device_cannot_take_a_seat_that_is_taken():
    net = FakeNetwork()
    host, page, _ = open_app({"game": "thenumber", "seats": "human,friend", "names": "Ann"}, network=net)
    params, _ = invite_params(page)
    join(net, params, "Lan")
    settle(net, page)
    thief, tpage, _ = join(net, params, "Mallory")
    settle(net, page, tpage)
    assert "That seat is taken by another device." in tpage.text
    assert host.match.seats[1]["name"] == "Lan"


def test_the_host_reloads_and_the_guests_come_back_by_themselves():
    net, host, page, hstore, guest, gpage = ann_hosts_lan({"game": "thenumber", "seats": "human,friend", "names": "Ann", "speed": "instant"})
    host.current.play(host.current.table.legal(0)[0])
    settle(net, page, gpage)
    moves = len(host.match.history)
    save = host.current.save_id
    host.current.leave()  # the host's page reloads
    settle(net, gpage)
    assert "not connected" in gpage.text
    # meanwhile the guest's move and line are refused with the reason, not dropped unsaid
    guest.current.play(guest.current.table.legal(1)[0])
    assert "Ann is not connected: try again when their device is back." in gpage.text
    gpage.forms["chat-form"] = {"chat": "are you there?"}
    guest.handle("room-chat")
    assert gpage.forms["chat-form"] == {"chat": "are you there?"}  # kept in the box, to send later
    assert guest.current.table.moves == moves
    host2, page2, _ = open_app({"save": save}, storage=hstore, network=net)
    settle(net, page2, gpage)
    assert len(host2.match.history) == moves
    assert "Lan is connected." in page2.text
    assert guest.current.table.moves == moves and "not connected" not in gpage.text


def test_after_a_guests_move_its_screen_never_shows_the_position_before_it():
    """Once its move is sent, the guest's page shows the position before it only while it says
    the move is on its way (and lets nothing be played); then the position after it. An answer
    that comes at once shows no "Sending…" at all (no blink at every move)."""
    net, host, page, _, guest, gpage = ann_hosts_lan({"game": "thenumber", "seats": "human,friend", "names": "Ann", "seed": "4"})
    table = guest.current.table
    drawn = []  # (moves, "sending" said) of each redraw of the guest's page
    shown = gpage.render
    gpage.render = lambda markup: (drawn.append((table.moves, "Sending your move to Ann…" in markup)), shown(markup))
    before = table.moves
    guest.current.play(table.legal(1)[0])
    settle(net, page, gpage)
    assert table.moves == before + 1 == len(host.match.history)
    assert drawn and all(d == (before + 1, False) for d in drawn), drawn


def test_a_guests_move_on_its_way_is_said_and_a_second_tap_plays_nothing():
    """Board Game Arena's "move in progress": until the host answers, the guest's page says the
    move is being sent, shows no move to make, and a second tap is not a second move."""
    net, host, page, _, guest, gpage = ann_hosts_lan({"game": "thenumber", "seats": "human,friend", "names": "Ann", "seed": "4"})
    table = guest.current.table
    legal = table.legal(1)
    assert "Your turn" in gpage.text
    guest.current.play(legal[0])
    gpage.run()
    assert table.sending()
    assert "Sending your move" not in gpage.text  # an answer may come at once: said only after a moment
    sent = len(net.sent)
    guest.current.play(legal[1])  # but a second tap is ignored from the start
    assert len(net.sent) == sent
    gpage.tick(SENDING_SHOWN_AFTER)
    assert "Sending your move to Ann…" in gpage.text and "Your turn" not in gpage.text
    assert 'data-sending="true"' in gpage.html and 'data-act="play"' not in gpage.html
    sent = len(net.sent)
    guest.current.play(legal[1])  # a second tap (a stale button, a double click)
    guest.current.on_undo(None)
    assert len(net.sent) == sent  # nothing more went to the host
    settle(net, page, gpage)
    assert not table.sending() and len(host.match.history) == 1 == table.moves
    assert "Sending your move" not in gpage.text and "data-sending" not in gpage.html


def test_a_move_on_its_way_when_the_host_goes_is_refused_saying_so():
    """The host's device goes before it answers: the move does not wait for ever; the page says
    why, and the player can move again when the host is back."""
    net, host, page, hstore, guest, gpage = ann_hosts_lan({"game": "thenumber", "seats": "human,friend", "names": "Ann",
                                                          "seed": "4", "speed": "instant"})
    table = guest.current.table
    net.lose = lambda sender, receiver, text: True  # the move never reaches the host
    guest.current.play(table.legal(1)[0])
    gpage.tick(SENDING_SHOWN_AFTER)
    assert table.sending() and "Sending your move to Ann…" in gpage.text
    net.lose = None
    host.current.leave()  # Ann's page reloads
    settle(net, gpage)
    assert not table.sending()
    assert "Ann is not connected: try again when their device is back." in gpage.text
    host2, page2, _ = open_app({"save": host.current.save_id}, storage=hstore, network=net)
    settle(net, page2, gpage)
    assert "Your turn" in gpage.text and table.moves == 0
    assert UNSURE in gpage.text  # back: whether the move arrived shows on the table
    guest.current.play(table.legal(1)[0])
    settle(net, page2, gpage)
    assert len(host2.match.history) == 1 == table.moves


def lan_moves_then_tries_again(lost):
    """Ann's The Number, Lan on another device: Lan moves while `lost(lan, sender, receiver)`
    drops messages, then starts a new connection (Try again). (net, host, page, guest, gpage)."""
    net, host, page, _, guest, gpage = ann_hosts_lan({"game": "thenumber", "seats": "human,friend", "names": "Ann",
                                                      "seed": "4", "speed": "instant"})
    table = guest.current.table
    lan = guest.current.guest.net.peer
    net.lose = lambda sender, receiver, text: lost(lan, sender, receiver)
    guest.current.play(table.legal(1)[0])
    settle(net, page, gpage)
    assert table.sending()
    net.lose = None
    guest.handle("room-retry")
    return net, host, page, guest, gpage


def test_a_move_whose_answer_was_lost_is_not_sent_again_to_a_new_connection():
    """The host played the guest's move but its answer was lost; the guest then starts a new
    connection (Try again). The host cannot know the new connection's requests from the old
    one's, so the move is not sent again there (it would be a second move): the host's news
    shows the move played, and the page does not say it may not have arrived."""
    net, host, page, guest, gpage = lan_moves_then_tries_again(lambda lan, sender, receiver: receiver == lan)
    table = guest.current.table
    assert len(host.match.history) == 1  # played; its answer lost (nothing came back to Lan)
    settle(net, page, gpage)
    gpage.tick(RESEND_AFTER)
    settle(net, page, gpage)
    assert not table.sending() and table.moves == 1 == len(host.match.history)  # not sent a second time
    # The table shows it played (Lan waits for Ann now): no note that it may not have arrived.
    assert "Waiting for Ann" in gpage.text and UNSURE not in gpage.text


def test_a_move_lost_on_its_way_says_so_when_the_guest_connects_again():
    """The guest's move never reached the host; the guest starts a new connection (Try again).
    The move is not sent again there (the host might hold it), so the page says it may not have
    arrived, and the player plays it again: one move."""
    net, host, page, guest, gpage = lan_moves_then_tries_again(lambda lan, sender, receiver: sender == lan)
    table = guest.current.table
    assert not host.match.history  # nothing from Lan reached Ann
    settle(net, page, gpage)
    assert not table.sending() and table.moves == 0
    assert UNSURE in gpage.text and "Your turn" in gpage.text
    guest.current.play(table.legal(1)[0])
    settle(net, page, gpage)
    assert table.moves == 1 == len(host.match.history)
    assert UNSURE not in gpage.text  # said once


def lan_holds_a_flowers_card():
    """Ann's Flowers table, Lan on another device with a card taken: (net, host, page, guest,
    gpage, a place Lan may put it)."""
    net, host, page, _, guest, gpage = ann_hosts_lan({"game": "flowers", "seats": "human,friend", "names": "Ann",
                                                      "seed": "3", "speed": "instant"})
    table = guest.current.table
    while not table.legal(1):  # Ann's turn first
        host.current.play(host.current.table.legal(0)[0])
        settle(net, page, gpage)
    guest.current.play(next(a for a in table.legal(1) if a.startswith("take:")))
    settle(net, page, gpage)
    return net, host, page, guest, gpage, next(a for a in table.legal(1) if a.startswith("place:"))


def test_a_question_that_cannot_reach_the_host_is_not_taken_for_a_yes():
    """Flowers asks the host whether a tile may go where the guest aims. With the host's device
    gone, the aim is not shown as allowed: the page says the host is not connected."""
    net, host, _, guest, gpage, place = lan_holds_a_flowers_card()
    host.current.leave()
    settle(net, gpage)
    guest.handle("flowers-aim", place.split(":", 1)[1])
    settle(net, gpage)
    assert "Ann is not connected: try again when their device is back." in gpage.text
    assert " aimed" not in gpage.html and "flowers-aim" not in guest.current.ui


def test_a_question_whose_answer_did_not_open_is_asked_again():
    """Flowers asks the host whether a tile may go where the guest aims. An answer that does not
    open (changed on the way) is asked for again after RESEND_AFTER, as a move is: the aim is
    then shown with no second tap, and the page never said a move was on its way."""
    net, host, page, guest, gpage, place = lan_holds_a_flowers_card()
    table = guest.current.table
    lan = guest.current.guest.net.peer
    changed = []

    def tamper(sender, receiver, text):  # the host's next box to Lan: its answer
        if receiver == lan and '"t":"box"' in text and not changed:
            message = json.loads(text)
            message["c"] = ("B" if message["c"][0] != "B" else "C") + message["c"][1:]
            changed.append(message)
            room = next(key for key, members in net.rooms.items() if receiver in members)
            net.mail.append((room, receiver, "message", sender, dumps(message)))
            return True
        return False
    net.lose = tamper
    guest.handle("flowers-aim", place.split(":", 1)[1])
    settle(net, page, gpage)
    assert changed and " aimed" not in gpage.html
    assert table.awaiting() and not table.sending() and "Sending your move" not in gpage.text
    net.lose = None
    gpage.tick(RESEND_AFTER)
    settle(net, page, gpage)
    assert " aimed" in gpage.html and not table.awaiting()
    assert len(host.match.history) == 1, "a question played nothing"


def test_the_host_back_before_its_old_page_is_seen_gone_still_gets_the_guests_back():
    """A page closed without a goodbye (a tab closed, a browser stopped) is seen gone by the other
    devices only seconds later (about 10 s in Chromium): the host's page, opened again, may be in
    the room before the guests see the old one leave. They still come back by themselves."""
    net, host, page, hstore, guest, gpage = ann_hosts_lan({"game": "thenumber", "seats": "human,friend", "names": "Ann", "speed": "instant"})
    host2, page2, _ = open_app({"save": host.current.save_id}, storage=hstore, network=net)  # in the room first
    settle(net, page2, gpage)
    assert "Lan is not connected." in page2.text  # the guest still talks to the old page
    host.current.leave()  # the old page is seen gone only now
    settle(net, page2, gpage)
    assert "Lan is connected." in page2.text
    assert "not connected" not in gpage.text
    host2.current.play(host2.current.table.legal(0)[0])
    settle(net, page2, gpage)
    assert guest.current.table.moves == len(host2.match.history) == 1


def test_no_relay_is_said_plainly_on_both_sides_with_a_retry():
    net = FakeNetwork()
    net.reachable = False
    host, page, _ = open_app({"game": "thenumber", "seats": "human,friend", "names": "Ann"}, network=net)
    net.deliver()
    assert "No relay could be reached" in page.text and 'data-act="room-retry"' in page.html
    params, _ = invite_params(page)
    guest, gpage, _ = join(net, params, "Lan")
    assert "No relay could be reached" in gpage.text
    host.handle("room-start")  # the host can go on with bots
    assert host.match.seats[1]["kind"] == "normal" and not host.current.room.waiting()


def test_a_page_that_is_not_secure_says_a_friend_table_needs_one():
    net = FakeNetwork()
    net.insecure = True
    host, page, _ = open_app({"game": "thenumber", "seats": "human,friend", "names": "Ann"}, network=net)
    net.deliver()
    assert "need a secure page" in page.text and "No relay" not in page.text


def test_chat_reaches_every_device_as_text():
    net, host, page, _, guest, gpage = ann_hosts_lan({"game": "thenumber", "seats": "human,friend", "names": "Ann"})
    gpage.forms["chat-form"] = {"chat": "<b>hi</b>   there"}
    guest.handle("room-chat")
    settle(net, page, gpage)
    assert "&lt;b&gt;hi&lt;/b&gt; there" in page.html and "<b>hi</b>" not in page.html.replace("<b>Lan</b>", "")
    page.forms["chat-form"] = {"chat": "x" * 500}
    host.handle("room-chat")
    settle(net, page, gpage)
    assert ("x" * 200) in gpage.text and ("x" * 201) not in gpage.text


def test_a_rematch_keeps_everyone_at_the_table():
    net = FakeNetwork()
    host, page, _ = open_app({"game": "thenumber", "seats": "human,friend", "names": "Ann", "speed": "instant", "seed": "3"},
                             network=net)
    params, _ = invite_params(page)
    guest, gpage, _ = join(net, params, "Lan")
    play_out(net, [host, guest], [page, gpage], random.Random(2))
    first = host.match
    host.handle("rematch")
    settle(net, page, gpage)
    assert host.match is not first and host.match.seats[1] == {"name": "Lan", "kind": FRIEND}
    assert not guest.current.table.is_over() and guest.current.table.moves == len(host.match.history)
    assert "Lan is connected." in page.text
    # the finished game's save let the room go: resumed from the lobby, it opens no second room
    finished = [e.data for e in host.store.entries() if e.data.get("seed") == first.seed]
    assert len(finished) == 1 and finished[0]["actions"] == [list(a) for a in first.history]
    assert "room" not in finished[0]


def test_a_flooding_guest_is_told_to_wait_and_changes_nothing():
    net, host, page, _, guest, gpage = ann_hosts_lan({"game": "thenumber", "seats": "human,friend", "names": "Ann"})
    page.clock = lambda: 100.0  # no time passes on the host: the guest's budget does not refill
    for n in range(40):
        guest.current.table.say("spam %d" % n)
    settle(net, page, gpage)
    assert "Too many messages at once" in gpage.text
    assert len(host.current.room.host.chat) < 40 and host.match.history == []
    assert 'data-game="thenumber"' in gpage.html  # still at the table


def test_the_lobby_of_a_guest_lists_the_table_to_rejoin_it():
    net = FakeNetwork()
    host, page, _ = open_app({"game": "mojo", "seats": "human,friend", "names": "Ann"}, network=net)
    params, _ = invite_params(page)
    guest, gpage, gstore = join(net, params, "Lan")
    settle(net, page, gpage)
    guest.handle("lobby")
    settle(net, page, gpage)
    assert "Lan is not connected." in page.text
    assert "Tables with friends" in gpage.text and "Ann's table · Mojo" in gpage.text
    guest.handle("rejoin", "0")
    settle(net, page, gpage)
    assert "Lan is connected." in page.text and 'data-game="mojo"' in gpage.html
    guest.handle("lobby")
    guest.handle("forget-table", "0")
    assert "Tables with friends" not in gpage.text


def test_each_device_says_the_game_in_its_own_language():
    """The host plays in English, the guest reads in Vietnamese: the words travel as messages,
    not as English text."""
    from webui import i18n

    net, host, page, _, guest, gpage = ann_hosts_lan({"game": "thenumber", "seats": "human,friend", "names": "Ann", "speed": "instant"})
    host.current.play(host.current.table.legal(0)[0])
    guest.current.play(guest.current.table.legal(1)[0])
    settle(net, page, gpage)
    try:
        gpage.choose_language("vi", guest.render)
        assert "Game log" not in gpage.text and "Diễn biến ván" in gpage.text
        said = [str(i18n._(e["text"])) for e in guest.current.table.log_for(1)]
        english = [str(e["text"]) for e in host.match.log_for(1)]
        assert said and said != english and len(said) == len(english)
    finally:
        i18n.choose(i18n.ENGLISH)


def test_an_exported_save_of_a_table_with_friends_holds_no_secret():
    net = FakeNetwork()
    host, page, store = open_app({"game": "thenumber", "seats": "human,friend", "names": "Ann"}, network=net)
    params, _ = invite_params(page)
    join(net, params, "Lan")
    settle(net, page)
    save_id = host.current.save_id
    assert params["key"] in store.get("tabletop.save." + save_id)  # kept on the host's device
    host.show_lobby()
    host.handle("export", save_id)
    name, text = page.downloads[-1]
    assert params["key"] not in text and '"room"' not in text and '"Lan"' in text
