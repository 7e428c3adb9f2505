"""Prints, one JSON line each, the AT-SPI events a screen reader speaks from: a focus move
(object:state-changed:focused, gained) and text inserted into an object (a live region's
announcement arrives as object:text-changed:insert), in the order they reach an assistive
technology. Started by test/browser/atspi.ts on the session bus it sets up; SIGTERM ends it
(the default action: a Python handler would not run inside the GLib main loop)."""
import json

import gi

gi.require_version('Atspi', '2.0')
from gi.repository import Atspi  # noqa: E402


def on_event(event):
    if event.type.startswith('object:state-changed:focused') and event.detail1 != 1:
        return
    source = event.source
    print(json.dumps({
        'type': 'focus' if 'focused' in event.type else 'text',
        'role': source.get_role_name() if source else '',
        'name': source.get_name() if source else '',
        'text': event.any_data if isinstance(event.any_data, str) else '',
    }), flush=True)


listener = Atspi.EventListener.new(on_event)
listener.register('object:state-changed:focused')
listener.register('object:text-changed:insert')
print(json.dumps({'type': 'ready'}), flush=True)
Atspi.event_main()
