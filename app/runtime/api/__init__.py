"""The application API, apart from what implements it: `Services` and the GUI's `Facade`
(app.runtime.api.services), each service's Protocol (app.runtime.api.protocols) and the
values they carry (app.runtime.api.snapshot, .bench, .cluster, .values). It imports no
implementation (an import-linter contract), so naming a type of it costs a front-end nothing.
"""
