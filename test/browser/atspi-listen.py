"""Prints, one JSON line each, the AT-SPI events a screen reader speaks from: a focus move
(object:state-changed:focused, gained), with the focused object's description, which a screen
reader reads after its name, and text inserted into an object (a live region's announcement
arrives as object:text-changed:insert), with the live region it falls in ("container-live", as
Orca reads it: polite or assertive is spoken, none or off is not), in the order they reach an
assistive technology. Started by test/browser/atspi.ts on the session bus it sets up; SIGTERM ends it
(the default action: a Python handler would not run inside the GLib main loop)."""
import json

import gi

gi.require_version('Atspi', '2.0')
from gi.repository import Atspi, GLib  # noqa: E402


def on_event(event):
    if event.type.startswith('object:state-changed:focused') and event.detail1 != 1:
        return
    source = event.source
    focus = 'focused' in event.type
    try:
        attributes = (source.get_attributes() or {}) if source and not focus else {}
        heard = {
            'type': 'focus' if focus else 'text',
            'role': source.get_role_name() if source else '',
            'name': source.get_name() if source else '',
            'description': (source.get_description() or '') if source and focus else '',
            'live': attributes.get('container-live', ''),
            'text': event.any_data if isinstance(event.any_data, str) else '',
        }
    except GLib.Error:
        # The object is gone before it could be asked (a node replaced by the next render): a
        # screen reader cannot speak it either.
        return
    print(json.dumps(heard), flush=True)


listener = Atspi.EventListener.new(on_event)
listener.register('object:state-changed:focused')
listener.register('object:text-changed:insert')
print(json.dumps({'type': 'ready'}), flush=True)
Atspi.event_main()
