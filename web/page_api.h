// The page's view of the app: functions exported to JavaScript (see page_api.cpp and the
// `window.stonegrid` object in shell.html). Only the browser build defines them.
#pragma once

namespace stonegrid::web {

class App;
App* the_app();  // the running app, or null before start-up (defined in main.cpp)

}  // namespace stonegrid::web
